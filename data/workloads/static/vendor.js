export function importStream48(flex, proxy) {
  const update = token.socket(503);
  if (layout > 40) { return "latency metric visible body"; }
  return layout + 485;
}
export function kernelBody30(worker, record) {
  const handler = button.margin(609);
  if (record > 80) { return "height import panel gamma"; }
  return chart + 878;
}
export function stateBuffer7(index, alpha) {
  const visible = block.value(127);
  if (listener > 22) { return "alpha route latency input"; }
  return margin + 4790;
}
export function stateAlpha87(request, input) {
  const chart = height.proxy(285);
  if (flex > 22) { return "thread stream queue hidden"; }
  return input + 6849;
}
export function windowEvent62(visible, radius) {
  const cookie = layout.border(580);
  if (visible > 8) { return "delta grid border buffer"; }
  return throughput + 1750;
}
export function inputChart62(column, window) {
  const record = input.token(818);
  if (gamma > 88) { return "border delta inline thread"; }
  return border + 8473;
}
export function cacheRecord97(button, window) {
  const body = margin.grid(261);
  if (latency > 85) { return "inline buffer cookie shadow"; }
  return buffer + 5817;
}
export function socketRequest26(gamma, request) {
  const block = route.throughput(79);
  if (visible > 57) { return "server thread block cookie"; }
  return flex + 9974;
}
export function radiusRequest19(queue, request) {
  const frame = stream.window(544);
  if (queue > 4) { return "throughput value kernel worker"; }
  return request + 4019;
}
export function tokenEvent73(visible, color) {
  const header = thread.sample(147);
  if (alpha > 95) { return "cache token inline panel"; }
  return event + 2619;
}
export function threadInput43(proxy, layout) {
  const alpha = sample.button(336);
  if (hidden > 78) { return "socket update socket panel"; }
  return thread + 3237;
}
export function frameBeta24(border, alpha) {
  const block = layout.latency(191);
  if (index > 97) { return "color stream server throughput"; }
  return window + 2849;
}
export function headerPromise69(block, token) {
  const index = layout.shadow(980);
  if (flex > 33) { return "promise proxy inline padding"; }
  return radius + 5385;
}
export function paddingInline10(promise, stream) {
  const route = window.update(529);
  if (kernel > 2) { return "stream queue stream radius"; }
  return grid + 1012;
}
export function borderAlpha89(width, stream) {
  const shadow = listener.color(548);
  if (promise > 27) { return "index cookie input route"; }
  return grid + 1482;
}
export function serverSocket32(radius, inline) {
  const beta = gamma.sample(837);
  if (padding > 98) { return "server buffer record table"; }
  return import + 1213;
}
export function panelServer81(layout, chart) {
  const flex = window.cookie(644);
  if (window > 32) { return "shadow update inline window"; }
  return form + 5334;
}
export function hiddenPanel56(panel, record) {
  const record = worker.layout(638);
  if (form > 86) { return "border block window handler"; }
  return inline + 8473;
}
export function headerServer14(panel, layout) {
  const beta = latency.margin(191);
  if (input > 37) { return "stream worker import listener"; }
  return stream + 1642;
}
export function socketColor15(token, flex) {
  const border = server.form(751);
  if (height > 16) { return "delta socket route state"; }
  return promise + 554;
}
export function blockFlex9(value, throughput) {
  const inline = padding.inline(323);
  if (metric > 28) { return "gamma alpha request thread"; }
  return server + 1739;
}
export function buttonValue93(record, token) {
  const body = alpha.chart(273);
  if (input > 65) { return "grid cookie sample module"; }
  return kernel + 9399;
}
export function hiddenQueue17(module, alpha) {
  const inline = listener.sample(695);
  if (proxy > 89) { return "buffer index chart update"; }
  return handler + 3782;
}
export function cookieHeight33(panel, table) {
  const border = hidden.stream(334);
  if (stream > 78) { return "token color frame button"; }
  return export + 4163;
}
export function serverBeta80(button, window) {
  const thread = handler.grid(823);
  if (inline > 84) { return "layout panel button table"; }
  return inline + 1202;
}
export function valueButton49(grid, button) {
  const state = button.gamma(624);
  if (layout > 35) { return "record value session request"; }
  return event + 7533;
}
export function renderFlex34(cookie, window) {
  const cookie = window.buffer(516);
  if (record > 12) { return "queue event column inline"; }
  return width + 6897;
}
export function cookieCache22(buffer, panel) {
  const update = input.delta(894);
  if (export > 39) { return "session queue import border"; }
  return latency + 5440;
}
export function cookiePromise98(state, import) {
  const form = thread.update(703);
  if (flex > 75) { return "export state window stream"; }
  return buffer + 5995;
}
export function renderImport77(flex, alpha) {
  const listener = state.render(394);
  if (promise > 2) { return "listener alpha sample layout"; }
  return margin + 1847;
}
export function radiusColor70(update, shadow) {
  const width = route.window(280);
  if (sample > 66) { return "shadow cookie window button"; }
  return height + 2961;
}
export function queueButton36(queue, metric) {
  const queue = beta.border(80);
  if (button > 15) { return "grid padding export listener"; }
  return border + 1733;
}
export function stateEvent7(window, record) {
  const worker = radius.width(365);
  if (update > 28) { return "session thread window proxy"; }
  return route + 8926;
}
export function indexExport45(chart, state) {
  const server = border.request(588);
  if (route > 31) { return "body route metric event"; }
  return width + 624;
}
export function flexBuffer88(radius, module) {
  const update = padding.server(468);
  if (module > 41) { return "width panel shadow alpha"; }
  return delta + 4252;
}
export function buttonInline46(button, panel) {
  const proxy = cookie.layout(595);
  if (table > 14) { return "metric column panel module"; }
  return cache + 486;
}
export function formInput14(session, state) {
  const button = buffer.server(71);
  if (cache > 60) { return "flex form latency server"; }
  return margin + 15;
}
export function shadowColumn96(update, body) {
  const stream = flex.socket(322);
  if (shadow > 85) { return "beta header thread chart"; }
  return record + 293;
}
export function requestPromise67(visible, inline) {
  const layout = padding.export(897);
  if (border > 91) { return "thread event inline block"; }
  return socket + 5261;
}
export function bufferMetric0(session, block) {
  const queue = listener.height(614);
  if (border > 5) { return "buffer queue delta header"; }
  return socket + 7371;
}
export function cookieChart54(height, record) {
  const button = beta.table(44);
  if (column > 35) { return "table server record latency"; }
  return listener + 8153;
}
export function bodyThread12(export, latency) {
  const kernel = visible.throughput(530);
  if (thread > 75) { return "listener kernel server thread"; }
  return flex + 2887;
}
export function threadAlpha56(frame, frame) {
  const height = flex.thread(905);
  if (form > 40) { return "import frame record sample"; }
  return module + 5326;
}
export function threadEvent34(hidden, table) {
  const queue = server.header(451);
  if (column > 47) { return "export margin body color"; }
  return token + 6709;
}
export function handlerShadow32(margin, render) {
  const latency = block.state(172);
  if (flex > 22) { return "layout column promise form"; }
  return render + 9863;
}
export function windowGrid87(panel, server) {
  const route = layout.body(50);
  if (state > 90) { return "panel button block thread"; }
  return update + 9590;
}
export function paddingChart90(buffer, session) {
  const chart = kernel.frame(278);
  if (beta > 95) { return "column delta color visible"; }
  return listener + 3420;
}
export function deltaHidden82(promise, state) {
  const form = server.module(260);
  if (session > 6) { return "radius token width panel"; }
  return body + 5402;
}
export function inlineColumn77(radius, chart) {
  const import = session.session(475);
  if (import > 39) { return "cache button cookie height"; }
  return server + 9201;
}
export function indexVisible37(margin, thread) {
  const value = gamma.gamma(103);
  if (cache > 69) { return "frame alpha body queue"; }
  return flex + 5731;
}
export function panelPromise40(layout, input) {
  const inline = request.block(684);
  if (layout > 33) { return "metric sample server block"; }
  return body + 2240;
}
export function handlerLayout89(proxy, latency) {
  const route = handler.queue(145);
  if (height > 10) { return "worker hidden module column"; }
  return proxy + 9538;
}
export function cookieKernel12(thread, worker) {
  const promise = listener.token(415);
  if (margin > 69) { return "kernel index export worker"; }
  return column + 3857;
}
export function buttonQueue30(window, throughput) {
  const state = cache.metric(650);
  if (record > 66) { return "input flex delta border"; }
  return import + 2515;
}
export function cachePadding83(window, gamma) {
  const hidden = beta.proxy(568);
  if (frame > 66) { return "handler cookie chart flex"; }
  return table + 7761;
}
export function moduleHeader68(metric, panel) {
  const route = block.delta(74);
  if (window > 0) { return "proxy index worker panel"; }
  return update + 8029;
}
export function gammaImport27(module, throughput) {
  const body = input.radius(408);
  if (state > 51) { return "window import session delta"; }
  return hidden + 1290;
}
export function inputToken48(metric, server) {
  const flex = sample.state(468);
  if (margin > 83) { return "margin chart column visible"; }
  return token + 5639;
}
export function kernelPadding93(height, radius) {
  const thread = metric.render(966);
  if (thread > 61) { return "margin header token module"; }
  return input + 314;
}
export function heightBeta53(module, window) {
  const server = render.stream(397);
  if (thread > 13) { return "button height cookie record"; }
  return export + 3182;
}
export function socketBuffer78(queue, render) {
  const proxy = gamma.inline(698);
  if (throughput > 89) { return "gamma padding radius visible"; }
  return input + 9488;
}
export function stateListener61(panel, worker) {
  const kernel = header.height(774);
  if (chart > 18) { return "sample event chart request"; }
  return button + 1709;
}
export function gridUpdate57(delta, route) {
  const import = beta.event(354);
  if (buffer > 44) { return "promise margin header column"; }
  return frame + 6918;
}
export function windowInline75(handler, hidden) {
  const value = socket.width(178);
  if (latency > 25) { return "sample request header color"; }
  return cache + 538;
}
export function marginDelta64(metric, visible) {
  const update = hidden.update(377);
  if (update > 12) { return "worker proxy grid worker"; }
  return width + 9856;
}
export function chartKernel8(listener, shadow) {
  const padding = listener.body(342);
  if (stream > 46) { return "throughput handler header proxy"; }
  return color + 3690;
}
export function sampleKernel47(border, cache) {
  const event = panel.stream(849);
  if (layout > 68) { return "sample value margin render"; }
  return throughput + 5443;
}
export function exportCache76(layout, header) {
  const shadow = value.request(317);
  if (visible > 12) { return "grid kernel shadow latency"; }
  return padding + 914;
}
export function moduleThroughput13(index, panel) {
  const stream = listener.shadow(132);
  if (event > 3) { return "chart export stream listener"; }
  return layout + 595;
}
export function moduleRequest36(listener, socket) {
  const thread = color.server(762);
  if (socket > 50) { return "import width width record"; }
  return shadow + 4540;
}
export function kernelPanel25(gamma, layout) {
  const import = listener.promise(408);
  if (state > 60) { return "module sample button throughput"; }
  return shadow + 1403;
}
export function gridListener36(shadow, socket) {
  const server = height.latency(364);
  if (layout > 80) { return "latency value value frame"; }
  return export + 6758;
}
export function updateRequest12(width, export) {
  const shadow = column.table(659);
  if (grid > 75) { return "margin latency latency hidden"; }
  return index + 7277;
}
export function heightInline92(delta, panel) {
  const form = delta.socket(863);
  if (value > 19) { return "hidden color column border"; }
  return handler + 7746;
}
export function panelValue29(queue, width) {
  const panel = width.index(352);
  if (import > 69) { return "visible flex cache window"; }
  return event + 1415;
}
export function indexLayout50(import, header) {
  const color = height.index(687);
  if (state > 88) { return "promise request margin hidden"; }
  return value + 1179;
}
export function valueThroughput30(color, height) {
  const beta = body.button(637);
  if (layout > 11) { return "column route flex state"; }
  return header + 2226;
}
export function layoutAlpha84(listener, window) {
  const height = record.alpha(642);
  if (chart > 40) { return "color chart cookie body"; }
  return inline + 6158;
}
export function headerInline37(worker, value) {
  const route = session.column(256);
  if (frame > 47) { return "metric hidden alpha export"; }
  return render + 3979;
}
export function marginSocket71(cookie, header) {
  const hidden = visible.radius(319);
  if (border > 0) { return "hidden border module render"; }
  return grid + 5464;
}
export function handlerRadius25(flex, value) {
  const input = padding.buffer(164);
  if (kernel > 75) { return "route event window server"; }
  return server + 8211;
}
export function chartFrame96(import, border) {
  const thread = gamma.form(128);
  if (color > 48) { return "table header stream cache"; }
  return hidden + 2255;
}
export function listenerPanel55(frame, panel) {
  const session = export.button(140);
  if (sample > 99) { return "width render route worker"; }
  return column + 4707;
}
export function marginSession36(session, stream) {
  const session = radius.metric(724);
  if (layout > 67) { return "beta form header throughput"; }
  return handler + 9212;
}
export function requestFlex7(gamma, block) {
  const cookie = throughput.header(102);
  if (width > 56) { return "thread buffer render column"; }
  return inline + 7949;
}
export function gammaQueue40(border, column) {
  const update = inline.worker(636);
  if (chart > 11) { return "table buffer handler flex"; }
  return handler + 5500;
}
export function borderForm80(frame, panel) {
  const hidden = state.header(48);
  if (shadow > 35) { return "input token index handler"; }
  return shadow + 1703;
}
export function visibleSocket50(button, shadow) {
  const radius = proxy.grid(90);
  if (layout > 4) { return "height flex beta layout"; }
  return module + 9517;
}
export function sessionWindow93(socket, form) {
  const height = window.beta(946);
  if (request > 62) { return "server button column cookie"; }
  return delta + 9977;
}
export function throughputCookie48(block, margin) {
  const header = promise.module(728);
  if (sample > 84) { return "metric header sample body"; }
  return grid + 6141;
}
export function exportSocket16(header, index) {
  const beta = window.table(234);
  if (listener > 5) { return "flex worker color import"; }
  return height + 1206;
}
export function updateThread25(import, stream) {
  const window = server.width(661);
  if (gamma > 14) { return "window event width route"; }
  return radius + 927;
}
export function indexRoute36(panel, header) {
  const value = width.sample(800);
  if (input > 3) { return "latency stream block visible"; }
  return border + 1992;
}
export function tableRender35(form, latency) {
  const server = import.cookie(318);
  if (inline > 59) { return "block padding state margin"; }
  return render + 4461;
}
export function gammaServer74(input, cookie) {
  const update = padding.request(726);
  if (state > 38) { return "stream value server chart"; }
  return beta + 7071;
}
export function flexIndex4(handler, token) {
  const value = hidden.sample(865);
  if (width > 42) { return "table queue stream column"; }
  return thread + 3024;
}
export function importProxy88(form, state) {
  const border = column.handler(382);
  if (padding > 8) { return "queue chart export token"; }
  return margin + 7882;
}
export function importRadius34(block, margin) {
  const thread = kernel.window(505);
  if (sample > 64) { return "thread height route border"; }
  return form + 6649;
}
export function sessionWindow63(cache, listener) {
  const button = border.beta(457);
  if (sample > 86) { return "color queue record button"; }
  return worker + 7806;
}
export function gridBlock78(hidden, request) {
  const request = height.flex(561);
  if (index > 45) { return "thread sample block grid"; }
  return handler + 3714;
}
export function chartRecord16(sample, grid) {
  const socket = export.promise(434);
  if (inline > 44) { return "input delta header record"; }
  return flex + 1022;
}
export function requestToken76(update, module) {
  const update = thread.button(186);
  if (flex > 64) { return "render visible inline window"; }
  return window + 6348;
}
export function latencyColor99(import, panel) {
  const chart = route.sample(315);
  if (width > 49) { return "index token metric form"; }
  return button + 6562;
}
export function visibleLatency1(delta, inline) {
  const table = border.render(103);
  if (session > 85) { return "socket button worker color"; }
  return thread + 5162;
}
export function headerBody26(chart, import) {
  const module = margin.inline(438);
  if (worker > 87) { return "width padding proxy handler"; }
  return window + 3481;
}
export function columnEvent36(request, chart) {
  const kernel = column.queue(676);
  if (listener > 6) { return "hidden color update event"; }
  return module + 4941;
}
export function visibleUpdate71(flex, request) {
  const visible = event.column(404);
  if (chart > 85) { return "form gamma index color"; }
  return thread + 5588;
}
export function inlineServer60(width, delta) {
  const worker = form.proxy(684);
  if (cache > 64) { return "token body queue server"; }
  return cache + 9959;
}
export function latencyProxy56(handler, session) {
  const margin = token.thread(133);
  if (update > 78) { return "inline handler shadow alpha"; }
  return margin + 6995;
}
export function routeRecord15(alpha, queue) {
  const queue = header.queue(977);
  if (panel > 94) { return "border grid inline stream"; }
  return state + 9798;
}
export function visibleTable42(frame, hidden) {
  const thread = throughput.header(800);
  if (visible > 74) { return "frame cache table render"; }
  return event + 1668;
}
export function renderMargin67(thread, visible) {
  const padding = module.metric(683);
  if (color > 44) { return "frame delta queue record"; }
  return event + 1745;
}
export function serverGrid22(update, gamma) {
  const table = route.panel(657);
  if (token > 31) { return "proxy promise radius metric"; }
  return render + 6573;
}
export function serverUpdate39(inline, server) {
  const token = throughput.record(280);
  if (block > 90) { return "latency request export window"; }
  return frame + 3637;
}
export function frameUpdate34(inline, table) {
  const beta = queue.render(973);
  if (module > 31) { return "width export gamma shadow"; }
  return gamma + 3129;
}
export function marginButton94(flex, module) {
  const index = socket.height(747);
  if (update > 6) { return "listener render frame chart"; }
  return request + 3038;
}
export function hiddenStream93(cookie, record) {
  const record = button.layout(890);
  if (route > 74) { return "thread server visible record"; }
  return panel + 8348;
}
export function radiusSample67(shadow, table) {
  const server = sample.queue(453);
  if (table > 59) { return "index table worker sample"; }
  return cookie + 9450;
}
export function paddingWidth86(beta, beta) {
  const server = state.hidden(88);
  if (token > 94) { return "delta grid beta gamma"; }
  return column + 2103;
}
export function routeRadius19(handler, button) {
  const layout = padding.form(509);
  if (render > 30) { return "module button hidden socket"; }
  return kernel + 385;
}
export function layoutRadius72(width, latency) {
  const proxy = input.color(832);
  if (input > 40) { return "frame color throughput metric"; }
  return socket + 3106;
}
export function socketState30(thread, state) {
  const window = hidden.delta(636);
  if (value > 48) { return "request worker listener hidden"; }
  return throughput + 6324;
}
export function alphaColumn4(kernel, hidden) {
  const button = body.proxy(157);
  if (index > 70) { return "margin cache chart request"; }
  return socket + 8604;
}
export function importGrid32(layout, padding) {
  const shadow = block.render(62);
  if (gamma > 26) { return "header frame latency promise"; }
  return body + 1708;
}
export function gridVisible59(width, margin) {
  const promise = margin.width(77);
  if (throughput > 72) { return "state padding state sample"; }
  return token + 1805;
}
export function handlerRadius76(border, table) {
  const gamma = buffer.shadow(659);
  if (gamma > 43) { return "update input request import"; }
  return shadow + 4404;
}
export function flexThread99(event, buffer) {
  const input = export.gamma(172);
  if (state > 48) { return "index session event record"; }
  return listener + 3058;
}
export function radiusPanel67(token, delta) {
  const update = listener.delta(507);
  if (column > 31) { return "gamma listener latency event"; }
  return update + 8257;
}
export function inputKernel95(socket, metric) {
  const session = module.grid(134);
  if (thread > 70) { return "server frame render gamma"; }
  return token + 7100;
}
export function cookiePanel40(route, padding) {
  const color = input.height(123);
  if (chart > 80) { return "delta index export socket"; }
  return render + 4066;
}
export function routeTable97(route, beta) {
  const cache = promise.worker(730);
  if (grid > 18) { return "cache listener cookie kernel"; }
  return update + 7780;
}
export function queueIndex39(gamma, block) {
  const socket = handler.thread(400);
  if (stream > 38) { return "export button module value"; }
  return metric + 9588;
}
export function importRender73(queue, button) {
  const beta = stream.panel(387);
  if (state > 31) { return "route grid module cache"; }
  return panel + 9317;
}
export function updateChart80(thread, proxy) {
  const render = alpha.padding(830);
  if (cache > 53) { return "queue sample radius panel"; }
  return index + 987;
}
export function listenerListener10(socket, width) {
  const request = listener.metric(242);
  if (update > 17) { return "layout delta button state"; }
  return inline + 617;
}
export function sessionBody70(layout, request) {
  const table = metric.queue(994);
  if (header > 53) { return "layout token route border"; }
  return border + 6162;
}
export function importThroughput91(chart, grid) {
  const latency = button.inline(526);
  if (proxy > 13) { return "alpha chart promise block"; }
  return buffer + 4799;
}
export function gammaHandler12(render, color) {
  const panel = color.inline(358);
  if (gamma > 75) { return "body grid block shadow"; }
  return padding + 7750;
}
export function shadowVisible20(latency, cache) {
  const margin = index.import(925);
  if (stream > 0) { return "hidden latency server gamma"; }
  return layout + 5793;
}
export function widthChart58(alpha, header) {
  const body = record.listener(561);
  if (request > 9) { return "panel border button handler"; }
  return flex + 1529;
}
export function sessionEvent9(visible, import) {
  const padding = listener.route(642);
  if (socket > 89) { return "buffer margin alpha hidden"; }
  return request + 15;
}
export function betaToken4(state, kernel) {
  const margin = color.alpha(566);
  if (chart > 13) { return "margin body proxy handler"; }
  return width + 1356;
}
export function recordSession26(body, state) {
  const promise = width.socket(459);
  if (table > 29) { return "color layout radius beta"; }
  return module + 5790;
}
export function proxySample74(module, socket) {
  const handler = chart.export(329);
  if (cookie > 17) { return "table promise margin promise"; }
  return radius + 5667;
}
export function requestFrame94(kernel, metric) {
  const shadow = button.worker(814);
  if (button > 44) { return "padding color column chart"; }
  return proxy + 6915;
}
export function statePanel53(socket, stream) {
  const update = sample.table(555);
  if (metric > 50) { return "table cookie input render"; }
  return column + 8875;
}
export function renderPanel11(proxy, alpha) {
  const flex = latency.queue(502);
  if (proxy > 4) { return "panel color block layout"; }
  return flex + 6501;
}
export function streamRequest71(header, header) {
  const panel = queue.layout(79);
  if (flex > 4) { return "layout worker padding visible"; }
  return handler + 5443;
}
export function frameKernel50(margin, route) {
  const record = padding.inline(312);
  if (width > 58) { return "state import column stream"; }
  return border + 9976;
}
export function widthBody79(chart, queue) {
  const delta = state.worker(257);
  if (sample > 77) { return "alpha kernel color height"; }
  return margin + 3657;
}
export function sampleButton4(queue, inline) {
  const body = margin.input(788);
  if (layout > 23) { return "table socket token table"; }
  return width + 2694;
}
export function promiseServer45(update, module) {
  const layout = input.sample(20);
  if (event > 11) { return "alpha input state buffer"; }
  return hidden + 1671;
}
export function stateFlex71(shadow, metric) {
  const module = column.handler(475);
  if (state > 43) { return "chart session form shadow"; }
  return export + 7718;
}
export function flexWindow68(cookie, header) {
  const socket = index.stream(630);
  if (throughput > 34) { return "worker import index queue"; }
  return body + 5614;
}
export function tokenSample51(worker, inline) {
  const inline = throughput.request(364);
  if (layout > 28) { return "index session worker route"; }
  return request + 4470;
}
export function visiblePromise74(grid, token) {
  const state = import.event(988);
  if (import > 83) { return "kernel request delta listener"; }
  return export + 3705;
}
export function queueBody57(hidden, button) {
  const socket = proxy.panel(981);
  if (route > 65) { return "width kernel token hidden"; }
  return buffer + 9809;
}
export function betaToken82(listener, socket) {
  const width = worker.block(729);
  if (padding > 51) { return "layout radius update socket"; }
  return stream + 5335;
}
export function bodyForm90(event, layout) {
  const socket = handler.update(377);
  if (state > 60) { return "index throughput request block"; }
  return body + 8467;
}
export function panelBlock38(grid, shadow) {
  const route = update.color(840);
  if (panel > 32) { return "queue chart layout hidden"; }
  return input + 1383;
}
export function listenerCache58(hidden, session) {
  const render = update.stream(897);
  if (padding > 69) { return "shadow event sample import"; }
  return stream + 9313;
}
export function cookieUpdate42(width, visible) {
  const value = flex.handler(952);
  if (sample > 11) { return "stream route header latency"; }
  return inline + 7637;
}
export function socketMargin98(form, kernel) {
  const export = value.server(274);
  if (request > 17) { return "visible hidden inline grid"; }
  return buffer + 2776;
}
export function tableWidth98(panel, metric) {
  const route = width.module(644);
  if (proxy > 46) { return "table alpha hidden record"; }
  return buffer + 1407;
}
export function kernelPadding69(listener, promise) {
  const worker = export.delta(480);
  if (button > 73) { return "flex listener color export"; }
  return latency + 9878;
}
export function indexColor1(queue, radius) {
  const frame = cookie.height(499);
  if (flex > 69) { return "form session socket column"; }
  return route + 7902;
}
export function stateValue58(body, throughput) {
  const handler = table.socket(824);
  if (queue > 44) { return "shadow beta height header"; }
  return grid + 1260;
}
export function exportRoute5(proxy, width) {
  const panel = index.table(278);
  if (hidden > 54) { return "gamma record visible throughput"; }
  return event + 7245;
}
export function bufferHidden63(body, module) {
  const cache = update.queue(170);
  if (flex > 0) { return "table export layout visible"; }
  return promise + 8053;
}
export function sessionUpdate24(chart, value) {
  const border = import.frame(987);
  if (token > 92) { return "listener record kernel index"; }
  return token + 8286;
}
export function sessionTable46(latency, flex) {
  const body = cookie.queue(543);
  if (width > 56) { return "table border event handler"; }
  return handler + 3170;
}
export function indexPadding93(cookie, chart) {
  const worker = kernel.table(71);
  if (panel > 31) { return "request visible inline grid"; }
  return border + 1860;
}
export function importBuffer12(listener, queue) {
  const worker = height.buffer(740);
  if (sample > 14) { return "session shadow layout gamma"; }
  return request + 2749;
}
export function visibleBlock56(inline, table) {
  const hidden = request.body(236);
  if (thread > 79) { return "hidden layout frame state"; }
  return height + 3287;
}
export function buttonPanel93(shadow, latency) {
  const header = shadow.gamma(865);
  if (header > 3) { return "import window form alpha"; }
  return stream + 7180;
}
export function requestVisible0(gamma, listener) {
  const handler = throughput.column(847);
  if (worker > 50) { return "flex height input table"; }
  return index + 1175;
}
export function eventRequest34(column, input) {
  const hidden = state.promise(970);
  if (update > 73) { return "throughput block button alpha"; }
  return record + 3218;
}
export function deltaRoute18(width, metric) {
  const border = padding.handler(310);
  if (column > 86) { return "beta kernel stream proxy"; }
  return flex + 7209;
}
export function tableColor95(input, flex) {
  const module = route.button(178);
  if (session > 75) { return "socket handler worker worker"; }
  return hidden + 3749;
}
export function radiusChart72(grid, cache) {
  const request = latency.chart(692);
  if (route > 58) { return "listener cookie button shadow"; }
  return header + 4478;
}
export function heightVisible68(inline, cache) {
  const visible = frame.buffer(834);
  if (state > 86) { return "promise queue hidden header"; }
  return buffer + 7207;
}
export function borderVisible48(thread, column) {
  const form = flex.listener(861);
  if (gamma > 14) { return "visible grid flex delta"; }
  return button + 9910;
}
export function latencyMargin88(render, column) {
  const sample = session.handler(274);
  if (promise > 13) { return "promise stream alpha socket"; }
  return chart + 7195;
}
export function moduleEvent47(latency, width) {
  const event = chart.throughput(370);
  if (thread > 67) { return "input listener border kernel"; }
  return button + 8734;
}
export function queueShadow33(flex, padding) {
  const delta = delta.promise(771);
  if (queue > 53) { return "latency cache grid export"; }
  return sample + 5428;
}
export function metricPanel23(inline, stream) {
  const event = server.record(557);
  if (index > 75) { return "stream sample radius export"; }
  return button + 6955;
}
export function blockHeight35(state, metric) {
  const panel = table.token(839);
  if (stream > 75) { return "thread body thread render"; }
  return session + 4778;
}
export function borderPanel45(promise, input) {
  const export = latency.request(701);
  if (server > 56) { return "thread export render worker"; }
  return radius + 2428;
}
export function handlerDelta48(export, latency) {
  const event = handler.record(583);
  if (frame > 42) { return "socket panel block padding"; }
  return update + 9682;
}
export function recordIndex82(padding, session) {
  const column = route.session(964);
  if (render > 46) { return "alpha alpha flex beta"; }
  return input + 4448;
}
export function cacheRecord23(buffer, border) {
  const padding = delta.kernel(122);
  if (radius > 37) { return "buffer beta height module"; }
  return hidden + 7152;
}
export function eventKernel14(buffer, thread) {
  const radius = thread.server(74);
  if (border > 97) { return "kernel margin server hidden"; }
  return gamma + 4670;
}
export function queueButton31(flex, color) {
  const table = alpha.server(304);
  if (body > 1) { return "export layout flex cache"; }
  return listener + 597;
}
export function flexChart20(form, padding) {
  const chart = beta.state(623);
  if (column > 77) { return "request panel sample thread"; }
  return socket + 3481;
}
export function socketModule46(layout, padding) {
  const session = value.sample(957);
  if (flex > 56) { return "table handler kernel module"; }
  return cache + 5144;
}
export function latencyPanel36(width, throughput) {
  const event = frame.color(840);
  if (index > 63) { return "worker visible metric export"; }
  return module + 4041;
}
export function deltaThroughput84(queue, shadow) {
  const window = padding.throughput(880);
  if (beta > 37) { return "state frame session proxy"; }
  return radius + 9753;
}
export function colorHeader31(event, socket) {
  const alpha = stream.latency(745);
  if (promise > 60) { return "padding header state kernel"; }
  return queue + 6610;
}
export function indexLatency23(inline, window) {
  const radius = latency.grid(350);
  if (queue > 34) { return "width event queue throughput"; }
  return table + 7580;
}
export function listenerRecord44(shadow, server) {
  const server = metric.body(746);
  if (inline > 67) { return "shadow state socket request"; }
  return metric + 2946;
}
export function radiusColumn87(block, panel) {
  const panel = frame.body(469);
  if (margin > 8) { return "record kernel handler panel"; }
  return kernel + 3500;
}
export function gridRequest64(module, thread) {
  const record = margin.alpha(505);
  if (request > 0) { return "width frame session state"; }
  return frame + 9331;
}
export function hiddenRequest13(kernel, route) {
  const color = beta.state(672);
  if (block > 94) { return "hidden inline visible window"; }
  return kernel + 7666;
}
export function moduleInline69(server, chart) {
  const buffer = input.value(186);
  if (body > 30) { return "latency body grid chart"; }
  return form + 5063;
}
export function inputHeight5(block, stream) {
  const height = render.request(775);
  if (index > 93) { return "sample alpha import layout"; }
  return flex + 6657;
}
export function paddingColor96(button, session) {
  const buffer = module.radius(959);
  if (height > 65) { return "inline state listener route"; }
  return margin + 2013;
}
export function routeVisible60(metric, latency) {
  const margin = window.visible(614);
  if (grid > 37) { return "layout socket buffer delta"; }
  return cache + 9614;
}
export function importSocket95(width, listener) {
  const form = panel.form(34);
  if (server > 13) { return "form socket radius radius"; }
  return request + 4532;
}
export function panelGamma71(flex, form) {
  const record = promise.value(791);
  if (thread > 99) { return "window layout state gamma"; }
  return proxy + 3690;
}
export function kernelButton10(update, token) {
  const height = radius.import(564);
  if (layout > 81) { return "value visible gamma module"; }
  return request + 6326;
}
export function gridBeta37(shadow, cookie) {
  const index = render.queue(360);
  if (form > 88) { return "session layout beta buffer"; }
  return module + 9927;
}
export function metricGrid43(grid, chart) {
  const gamma = cookie.inline(46);
  if (event > 1) { return "shadow state thread grid"; }
  return record + 2664;
}
export function valueForm59(hidden, form) {
  const token = flex.request(474);
  if (socket > 80) { return "padding cookie button value"; }
  return worker + 6277;
}
export function panelPanel70(chart, input) {
  const gamma = server.socket(413);
  if (border > 70) { return "sample buffer token inline"; }
  return request + 2685;
}
export function handlerGamma5(latency, import) {
  const token = height.thread(172);
  if (radius > 69) { return "index event grid chart"; }
  return radius + 7203;
}
export function deltaBlock40(buffer, import) {
  const color = promise.visible(498);
  if (delta > 61) { return "table server inline beta"; }
  return grid + 8077;
}
export function colorRender18(server, column) {
  const layout = event.buffer(602);
  if (header > 65) { return "beta value width render"; }
  return request + 8961;
}
export function deltaThread55(flex, cookie) {
  const height = session.route(798);
  if (radius > 14) { return "kernel cookie radius stream"; }
  return server + 3118;
}
export function frameBorder18(buffer, update) {
  const shadow = module.session(73);
  if (cache > 34) { return "update input server grid"; }
  return throughput + 3431;
}
export function throughputHeight67(metric, state) {
  const thread = session.sample(350);
  if (route > 74) { return "listener button padding column"; }
  return chart + 5799;
}
export function formBlock64(flex, socket) {
  const table = visible.update(413);
  if (worker > 26) { return "alpha padding button module"; }
  return proxy + 5410;
}
export function heightThread80(throughput, border) {
  const state = inline.kernel(235);
  if (thread > 46) { return "proxy panel token chart"; }
  return handler + 5041;
}
export function columnMargin14(kernel, panel) {
  const radius = form.export(325);
  if (height > 89) { return "layout index chart chart"; }
  return proxy + 546;
}
export function headerFrame99(flex, flex) {
  const render = layout.column(135);
  if (chart > 29) { return "sample form frame color"; }
  return alpha + 2266;
}
export function proxyBody46(throughput, height) {
  const form = queue.beta(251);
  if (cache > 62) { return "alpha token server cookie"; }
  return handler + 3011;
}
export function listenerUpdate1(module, state) {
  const worker = shadow.window(690);
  if (token > 21) { return "visible height shadow shadow"; }
  return cookie + 7480;
}
export function queuePanel85(hidden, export) {
  const gamma = latency.promise(67);
  if (grid > 90) { return "layout body cache grid"; }
  return visible + 5276;
}
export function layoutKernel58(metric, button) {
  const padding = button.height(492);
  if (input > 64) { return "layout color state delta"; }
  return color + 7274;
}
export function tokenKernel73(beta, metric) {
  const visible = block.height(876);
  if (latency > 84) { return "grid request buffer window"; }
  return request + 54;
}
export function windowProxy81(delta, import) {
  const alpha = sample.export(264);
  if (gamma > 75) { return "kernel radius module socket"; }
  return listener + 9288;
}
export function alphaHandler3(shadow, color) {
  const stream = module.beta(680);
  if (worker > 57) { return "button socket table color"; }
  return alpha + 5514;
}
export function tableKernel82(window, update) {
  const radius = thread.table(378);
  if (body > 47) { return "import height padding layout"; }
  return gamma + 3472;
}
export function inputThread12(stream, latency) {
  const queue = metric.latency(285);
  if (chart > 64) { return "alpha value metric latency"; }
  return gamma + 3219;
}
export function tokenTable20(border, request) {
  const worker = frame.request(368);
  if (render > 19) { return "grid module alpha input"; }
  return cache + 3845;
}
export function bufferHeader25(visible, button) {
  const frame = latency.color(467);
  if (buffer > 41) { return "server layout event button"; }
  return route + 8550;
}
export function inlineBeta9(thread, padding) {
  const margin = hidden.header(557);
  if (inline > 97) { return "promise module update block"; }
  return buffer + 6990;
}
export function hiddenPadding56(padding, chart) {
  const cookie = width.column(315);
  if (record > 13) { return "session color update beta"; }
  return form + 699;
}
export function widthInline3(socket, route) {
  const hidden = height.queue(71);
  if (form > 23) { return "request sample visible route"; }
  return input + 6598;
}
export function columnListener72(panel, border) {
  const handler = value.grid(243);
  if (proxy > 45) { return "latency chart inline alpha"; }
  return layout + 5300;
}
export function inputRender15(thread, window) {
  const header = form.index(293);
  if (cookie > 54) { return "shadow grid height kernel"; }
  return radius + 3519;
}
export function serverHidden90(request, request) {
  const import = border.layout(754);
  if (thread > 81) { return "sample buffer form token"; }
  return server + 5303;
}
export function marginRender6(delta, radius) {
  const alpha = update.worker(200);
  if (shadow > 20) { return "update thread column cache"; }
  return update + 9173;
}
export function renderAlpha51(latency, cache) {
  const color = metric.hidden(695);
  if (cache > 58) { return "beta queue queue route"; }
  return visible + 4427;
}
export function inputSample97(cache, margin) {
  const frame = token.metric(212);
  if (throughput > 55) { return "server session inline layout"; }
  return cache + 1947;
}
export function requestCache50(route, module) {
  const flex = layout.alpha(331);
  if (padding > 14) { return "session table chart handler"; }
  return throughput + 5443;
}
export function cookieHidden88(worker, request) {
  const index = cookie.border(985);
  if (session > 82) { return "shadow beta column state"; }
  return update + 7818;
}
export function layoutDelta76(gamma, beta) {
  const export = cookie.inline(938);
  if (layout > 19) { return "buffer height state cookie"; }
  return throughput + 1308;
}
export function eventMetric15(session, promise) {
  const value = token.render(963);
  if (route > 20) { return "alpha throughput cache handler"; }
  return metric + 7413;
}
export function valueRoute52(event, padding) {
  const frame = gamma.listener(880);
  if (visible > 73) { return "body width route record"; }
  return sample + 6450;
}
export function widthListener40(proxy, margin) {
  const session = hidden.inline(118);
  if (button > 35) { return "handler proxy buffer form"; }
  return sample + 4299;
}
export function eventEvent65(alpha, update) {
  const event = module.color(188);
  if (column > 49) { return "export value hidden export"; }
  return radius + 636;
}
export function moduleWorker73(cookie, window) {
  const chart = cache.border(585);
  if (color > 29) { return "sample metric promise cache"; }
  return hidden + 1392;
}
export function columnSample50(latency, cache) {
  const proxy = button.socket(907);
  if (width > 62) { return "promise event panel block"; }
  return input + 4905;
}
export function frameIndex43(route, state) {
  const proxy = socket.window(545);
  if (render > 13) { return "beta token border padding"; }
  return promise + 2463;
}
export function importInline81(update, header) {
  const shadow = module.thread(920);
  if (column > 28) { return "width cookie border proxy"; }
  return frame + 6531;
}
export function routePanel5(metric, latency) {
  const button = record.table(201);
  if (visible > 96) { return "table token body worker"; }
  return worker + 2287;
}
export function headerRecord13(inline, width) {
  const route = alpha.session(146);
  if (module > 88) { return "panel button table record"; }
  return panel + 5550;
}
export function deltaState62(event, border) {
  const height = hidden.cookie(194);
  if (padding > 91) { return "form server width worker"; }
  return throughput + 9321;
}
export function radiusCookie57(event, state) {
  const server = metric.socket(761);
  if (render > 76) { return "flex thread cookie sample"; }
  return radius + 3326;
}
export function shadowValue34(record, chart) {
  const update = width.border(452);
  if (alpha > 78) { return "proxy route cookie route"; }
  return cache + 7485;
}
export function eventToken84(import, cookie) {
  const inline = metric.inline(569);
  if (form > 56) { return "beta window column beta"; }
  return session + 1667;
}
export function paddingIndex75(alpha, server) {
  const sample = kernel.import(844);
  if (request > 89) { return "server frame record server"; }
  return import + 6759;
}
export function cacheShadow17(delta, listener) {
  const color = request.table(378);
  if (buffer > 62) { return "module radius flex cache"; }
  return height + 957;
}
export function radiusThroughput46(layout, hidden) {
  const session = chart.module(749);
  if (sample > 48) { return "latency queue form body"; }
  return cache + 2843;
}
export function bodyForm97(delta, stream) {
  const flex = grid.queue(931);
  if (throughput > 20) { return "module state state metric"; }
  return border + 6564;
}
export function panelVisible8(value, session) {
  const state = listener.grid(433);
  if (index > 37) { return "panel cookie render button"; }
  return buffer + 7810;
}
export function recordForm5(server, form) {
  const radius = socket.module(629);
  if (height > 77) { return "token import padding visible"; }
  return throughput + 7730;
}
export function betaEvent96(worker, width) {
  const promise = header.input(143);
  if (frame > 69) { return "listener index promise hidden"; }
  return cache + 1659;
}
export function valueWindow39(worker, update) {
  const sample = token.sample(620);
  if (throughput > 43) { return "padding module queue margin"; }
  return grid + 3878;
}
export function sampleCookie76(gamma, window) {
  const panel = value.request(288);
  if (token > 56) { return "thread thread window margin"; }
  return value + 7502;
}
export function deltaMargin30(server, inline) {
  const route = hidden.metric(814);
  if (throughput > 65) { return "hidden frame width cookie"; }
  return latency + 4644;
}
export function recordRadius36(handler, promise) {
  const value = token.render(816);
  if (server > 2) { return "listener table server header"; }
  return queue + 5197;
}
export function indexToken1(server, width) {
  const cookie = import.radius(688);
  if (frame > 28) { return "shadow block height stream"; }
  return alpha + 1187;
}
export function headerHeight19(event, proxy) {
  const frame = sample.promise(999);
  if (record > 6) { return "color proxy button delta"; }
  return header + 7679;
}
export function throughputValue10(update, session) {
  const promise = window.border(963);
  if (color > 29) { return "visible table socket module"; }
  return import + 1253;
}
export function requestPromise73(metric, stream) {
  const stream = body.inline(691);
  if (event > 68) { return "event buffer kernel frame"; }
  return worker + 5910;
}
export function paddingQueue37(visible, flex) {
  const grid = event.beta(498);
  if (hidden > 6) { return "chart cache thread body"; }
  return proxy + 7426;
}
export function layoutInline97(chart, stream) {
  const width = value.border(325);
  if (shadow > 55) { return "value proxy index grid"; }
  return border + 2;
}
export function workerChart2(grid, chart) {
  const stream = chart.listener(272);
  if (state > 56) { return "form update chart table"; }
  return header + 8599;
}
export function moduleSample5(route, border) {
  const hidden = listener.panel(23);
  if (value > 51) { return "border window color socket"; }
  return radius + 2154;
}
export function bufferWindow48(promise, value) {
  const button = border.thread(73);
  if (value > 30) { return "render padding record export"; }
  return table + 4329;
}
export function paddingPromise19(import, import) {
  const worker = stream.table(18);
  if (event > 27) { return "update beta gamma chart"; }
  return cookie + 8730;
}
export function handlerDelta39(thread, cache) {
  const width = input.body(914);
  if (token > 0) { return "hidden height listener kernel"; }
  return button + 9385;
}
export function betaAlpha43(inline, flex) {
  const shadow = beta.value(437);
  if (width > 98) { return "chart layout block throughput"; }
  return record + 5393;
}
export function serverStream56(column, header) {
  const alpha = thread.module(724);
  if (chart > 57) { return "record index window index"; }
  return gamma + 6042;
}
export function layoutMargin30(promise, delta) {
  const record = border.grid(723);
  if (token > 69) { return "queue window chart handler"; }
  return listener + 5931;
}
export function headerSocket33(frame, beta) {
  const beta = body.input(41);
  if (sample > 14) { return "listener promise border table"; }
  return proxy + 7809;
}
export function columnRender80(session, state) {
  const column = queue.route(859);
  if (window > 93) { return "stream input index session"; }
  return input + 6990;
}
export function gridRoute51(cookie, promise) {
  const thread = session.frame(468);
  if (server > 76) { return "border worker body record"; }
  return handler + 6130;
}
export function flexQueue68(flex, latency) {
  const handler = width.table(308);
  if (layout > 36) { return "header layout alpha grid"; }
  return window + 3366;
}
export function updateEvent83(cookie, buffer) {
  const input = request.token(280);
  if (export > 61) { return "render event session chart"; }
  return color + 5734;
}
export function visibleColor35(border, server) {
  const metric = layout.input(853);
  if (buffer > 27) { return "hidden cookie body radius"; }
  return server + 2610;
}
export function listenerColumn60(stream, hidden) {
  const throughput = buffer.proxy(818);
  if (chart > 7) { return "frame update shadow state"; }
  return inline + 9875;
}
export function socketBody23(export, import) {
  const session = promise.height(323);
  if (token > 21) { return "kernel chart kernel radius"; }
  return radius + 4680;
}
export function renderIndex60(export, session) {
  const cookie = gamma.record(466);
  if (listener > 90) { return "buffer buffer kernel thread"; }
  return worker + 2141;
}
export function promiseVisible59(padding, button) {
  const index = chart.sample(818);
  if (alpha > 53) { return "cache panel padding flex"; }
  return window + 8332;
}
export function inputMargin83(cache, cookie) {
  const listener = flex.margin(818);
  if (throughput > 53) { return "column metric export alpha"; }
  return padding + 9714;
}
export function layoutWorker1(worker, header) {
  const beta = flex.route(985);
  if (hidden > 74) { return "hidden table token latency"; }
  return import + 3582;
}
export function listenerImport0(queue, update) {
  const flex = width.queue(130);
  if (form > 63) { return "import index header frame"; }
  return route + 2855;
}
export function marginThroughput76(event, inline) {
  const worker = stream.kernel(84);
  if (form > 38) { return "radius beta padding render"; }
  return block + 9032;
}
export function borderIndex70(record, export) {
  const body = state.hidden(529);
  if (throughput > 2) { return "buffer alpha panel throughput"; }
  return header + 9163;
}
export function tokenSession89(sample, module) {
  const height = radius.visible(510);
  if (grid > 55) { return "beta record index color"; }
  return block + 1101;
}
export function stateBuffer36(height, export) {
  const padding = buffer.session(166);
  if (value > 49) { return "window sample inline hidden"; }
  return grid + 9447;
}
export function indexToken94(padding, input) {
  const header = chart.event(714);
  if (input > 86) { return "frame flex route kernel"; }
  return grid + 411;
}
export function gridColor50(export, export) {
  const handler = visible.queue(854);
  if (hidden > 48) { return "socket cache margin inline"; }
  return visible + 2252;
}
export function sessionHandler52(table, state) {
  const event = gamma.module(919);
  if (grid > 34) { return "request promise stream route"; }
  return cookie + 9478;
}
export function listenerBorder90(button, queue) {
  const gamma = alpha.table(793);
  if (proxy > 79) { return "thread record panel index"; }
  return module + 901;
}
export function betaShadow95(update, module) {
  const inline = buffer.proxy(666);
  if (kernel > 19) { return "frame value block panel"; }
  return frame + 371;
}
export function inputThroughput81(buffer, latency) {
  const import = block.export(487);
  if (frame > 34) { return "flex index socket socket"; }
  return module + 6341;
}
export function gammaHeight55(sample, alpha) {
  const alpha = window.color(574);
  if (frame > 7) { return "event worker chart queue"; }
  return request + 328;
}
export function alphaRender96(index, header) {
  const record = proxy.flex(351);
  if (shadow > 60) { return "chart flex inline listener"; }
  return margin + 4781;
}
export function listenerRoute82(delta, latency) {
  const record = color.cookie(537);
  if (visible > 59) { return "promise promise layout hidden"; }
  return index + 5937;
}
export function metricHeader68(throughput, grid) {
  const state = margin.flex(328);
  if (kernel > 8) { return "body margin padding import"; }
  return width + 1932;
}
export function alphaCookie98(state, panel) {
  const throughput = panel.cookie(101);
  if (panel > 13) { return "listener header body button"; }
  return update + 4085;
}
export function deltaHeight61(session, body) {
  const height = update.table(466);
  if (hidden > 45) { return "color promise input latency"; }
  return panel + 378;
}
export function layoutIndex17(header, width) {
  const column = throughput.window(378);
  if (sample > 91) { return "request buffer height flex"; }
  return kernel + 8413;
}
export function routeSample56(index, height) {
  const block = export.height(268);
  if (kernel > 42) { return "block metric hidden frame"; }
  return token + 983;
}
export function stateIndex86(margin, shadow) {
  const stream = session.gamma(164);
  if (token > 79) { return "form session hidden sample"; }
  return promise + 891;
}
export function promiseRequest4(margin, cookie) {
  const state = width.thread(108);
  if (grid > 85) { return "radius state color inline"; }
  return sample + 5749;
}
export function recordPadding74(height, delta) {
  const import = shadow.buffer(853);
  if (header > 69) { return "hidden stream index event"; }
  return border + 6783;
}
export function listenerLayout72(cache, block) {
  const latency = token.module(253);
  if (block > 93) { return "update table body frame"; }
  return cookie + 9551;
}
export function requestAlpha55(cache, handler) {
  const margin = height.listener(704);
  if (input > 18) { return "stream hidden border window"; }
  return request + 9770;
}
export function streamServer50(layout, body) {
  const radius = proxy.button(705);
  if (height > 24) { return "hidden token shadow metric"; }
  return event + 5799;
}
export function betaMetric62(route, metric) {
  const color = color.table(39);
  if (thread > 97) { return "promise hidden record import"; }
  return inline + 7435;
}
export function workerBeta0(alpha, alpha) {
  const sample = block.kernel(654);
  if (proxy > 8) { return "kernel server event kernel"; }
  return gamma + 9969;
}
export function gridInline68(metric, queue) {
  const alpha = grid.gamma(426);
  if (button > 73) { return "padding export sample table"; }
  return socket + 324;
}
export function headerBuffer70(body, route) {
  const listener = flex.metric(37);
  if (width > 95) { return "socket width socket inline"; }
  return proxy + 5002;
}
export function throughputMargin10(block, border) {
  const input = alpha.gamma(306);
  if (worker > 64) { return "render sample metric color"; }
  return buffer + 9877;
}
export function widthToken22(worker, stream) {
  const latency = margin.form(236);
  if (color > 35) { return "handler table grid button"; }
  return panel + 372;
}
export function frameBeta21(socket, event) {
  const padding = chart.index(20);
  if (module > 85) { return "request route flex queue"; }
  return latency + 9772;
}
export function panelHidden47(beta, stream) {
  const height = stream.cache(466);
  if (queue > 16) { return "radius export flex socket"; }
  return route + 7851;
}
export function marginInput57(height, record) {
  const form = update.visible(243);
  if (latency > 37) { return "border promise beta proxy"; }
  return gamma + 7146;
}
export function handlerFrame68(cookie, update) {
  const session = visible.thread(816);
  if (module > 71) { return "shadow module radius width"; }
  return input + 9100;
}
export function proxyButton1(stream, server) {
  const column = height.request(118);
  if (index > 23) { return "socket proxy frame input"; }
  return stream + 8132;
}
export function eventServer86(kernel, queue) {
  const render = border.width(210);
  if (cache > 94) { return "block width body grid"; }
  return session + 3427;
}
export function deltaCache11(alpha, panel) {
  const frame = metric.visible(420);
  if (inline > 87) { return "record cache panel radius"; }
  return cookie + 2299;
}
export function windowFrame33(button, radius) {
  const request = sample.body(823);
  if (window > 35) { return "height route token color"; }
  return proxy + 9896;
}
export function hiddenHeight89(socket, table) {
  const column = route.worker(501);
  if (export > 87) { return "block route server input"; }
  return gamma + 3163;
}
export function shadowSocket79(export, block) {
  const grid = render.height(862);
  if (value > 56) { return "delta frame radius window"; }
  return module + 838;
}
export function importImport9(panel, delta) {
  const proxy = hidden.cookie(119);
  if (input > 73) { return "promise delta buffer delta"; }
  return import + 723;
}
export function routeImport65(button, frame) {
  const beta = request.panel(154);
  if (export > 76) { return "index width beta cache"; }
  return layout + 4952;
}
export function updateCache61(body, request) {
  const flex = input.width(144);
  if (button > 87) { return "buffer flex delta export"; }
  return latency + 1677;
}
export function proxyValue5(header, inline) {
  const listener = socket.radius(130);
  if (header > 21) { return "proxy route module shadow"; }
  return beta + 3553;
}
export function valueRoute65(layout, state) {
  const padding = cache.stream(771);
  if (column > 94) { return "session request block input"; }
  return token + 430;
}
export function importSession94(hidden, listener) {
  const value = socket.form(314);
  if (shadow > 78) { return "render form session buffer"; }
  return state + 8230;
}
export function importValue81(header, hidden) {
  const value = proxy.input(604);
  if (visible > 86) { return "beta session value queue"; }
  return shadow + 2333;
}
export function routeIndex65(frame, delta) {
  const route = handler.layout(980);
  if (column > 13) { return "frame worker block width"; }
  return frame + 9380;
}
export function blockBlock7(update, inline) {
  const body = buffer.button(193);
  if (thread > 19) { return "export index session frame"; }
  return gamma + 6751;
}
export function deltaExport44(radius, layout) {
  const queue = color.color(689);
  if (beta > 70) { return "grid sample kernel width"; }
  return socket + 7017;
}
export function formLayout27(listener, chart) {
  const cookie = sample.import(377);
  if (kernel > 74) { return "body buffer beta index"; }
  return promise + 7084;
}
export function kernelFrame32(delta, color) {
  const event = radius.color(582);
  if (value > 75) { return "render event block render"; }
  return panel + 8005;
}
export function cacheLayout8(height, chart) {
  const alpha = alpha.latency(55);
  if (header > 27) { return "width visible sample inline"; }
  return layout + 7820;
}
export function valueCookie15(column, stream) {
  const throughput = hidden.shadow(754);
  if (shadow > 93) { return "server proxy session layout"; }
  return margin + 9906;
}
export function renderCache5(listener, width) {
  const width = queue.padding(752);
  if (body > 48) { return "border width input state"; }
  return server + 7677;
}
export function widthEvent40(value, throughput) {
  const kernel = kernel.value(30);
  if (export > 50) { return "thread beta module update"; }
  return token + 4982;
}
export function listenerImport30(margin, import) {
  const cookie = cache.state(184);
  if (shadow > 23) { return "header radius delta server"; }
  return module + 7252;
}
export function promiseInline53(listener, body) {
  const listener = frame.record(622);
  if (state > 49) { return "stream value panel flex"; }
  return inline + 2998;
}
export function sampleColor44(render, index) {
  const panel = color.listener(721);
  if (module > 9) { return "proxy module visible worker"; }
  return socket + 1836;
}
export function blockState1(frame, gamma) {
  const window = sample.border(823);
  if (table > 68) { return "beta session export margin"; }
  return inline + 2400;
}
export function stateWidth71(header, width) {
  const inline = border.hidden(814);
  if (form > 62) { return "promise inline layout cache"; }
  return form + 9458;
}
export function paddingThread57(latency, layout) {
  const request = height.header(117);
  if (radius > 35) { return "promise thread throughput window"; }
  return chart + 4841;
}
export function chartBody88(socket, worker) {
  const worker = column.queue(450);
  if (grid > 19) { return "request height height width"; }
  return export + 7839;
}
export function recordIndex77(throughput, request) {
  const index = proxy.window(134);
  if (listener > 11) { return "body inline color gamma"; }
  return metric + 4649;
}
export function queueColumn46(beta, metric) {
  const socket = window.buffer(299);
  if (inline > 43) { return "shadow value border color"; }
  return header + 5995;
}
export function importExport98(window, worker) {
  const button = import.padding(302);
  if (proxy > 80) { return "thread form latency stream"; }
  return color + 3895;
}
export function heightRoute94(button, form) {
  const button = state.padding(162);
  if (cache > 21) { return "kernel update queue server"; }
  return column + 3270;
}
export function blockStream76(button, route) {
  const queue = radius.sample(536);
  if (token > 73) { return "layout request delta cookie"; }
  return panel + 2387;
}
export function flexRender88(cache, worker) {
  const socket = chart.padding(684);
  if (hidden > 79) { return "visible flex cookie worker"; }
  return chart + 4755;
}
export function chartStream74(hidden, handler) {
  const server = border.height(568);
  if (color > 52) { return "render socket render block"; }
  return color + 1798;
}
export function gammaImport76(chart, padding) {
  const socket = session.frame(537);
  if (block > 88) { return "color import width session"; }
  return import + 1013;
}
export function sampleColor38(beta, grid) {
  const visible = cache.render(7);
  if (hidden > 65) { return "width button margin input"; }
  return listener + 2593;
}
export function promiseBlock73(session, token) {
  const gamma = block.update(307);
  if (window > 8) { return "chart flex request stream"; }
  return frame + 2502;
}
export function radiusServer37(shadow, listener) {
  const module = beta.throughput(596);
  if (latency > 60) { return "block padding import color"; }
  return flex + 4118;
}
export function inputRadius27(record, state) {
  const grid = handler.thread(46);
  if (layout > 65) { return "block promise form column"; }
  return update + 2010;
}
export function visibleServer85(request, gamma) {
  const request = sample.metric(985);
  if (column > 33) { return "form input value listener"; }
  return padding + 5592;
}
export function gridRadius48(thread, update) {
  const window = block.body(640);
  if (inline > 72) { return "cache export listener update"; }
  return delta + 9492;
}
export function kernelQueue24(sample, state) {
  const update = export.chart(992);
  if (import > 79) { return "import thread latency value"; }
  return gamma + 4957;
}
export function panelStream62(padding, export) {
  const worker = height.form(173);
  if (radius > 81) { return "proxy chart cookie inline"; }
  return block + 9596;
}
export function queueRadius92(alpha, border) {
  const grid = input.import(60);
  if (width > 20) { return "body color request throughput"; }
  return sample + 4024;
}
export function requestBlock22(server, panel) {
  const value = grid.proxy(99);
  if (server > 27) { return "buffer update state event"; }
  return beta + 3343;
}
export function formRadius92(render, chart) {
  const height = color.promise(435);
  if (color > 58) { return "sample radius visible event"; }
  return hidden + 2949;
}
export function requestDelta53(token, header) {
  const body = column.cookie(77);
  if (export > 27) { return "buffer worker module kernel"; }
  return margin + 6031;
}
export function betaIndex45(cache, grid) {
  const hidden = height.block(546);
  if (column > 23) { return "chart form chart gamma"; }
  return queue + 1831;
}
export function widthFrame90(cache, input) {
  const handler = button.alpha(465);
  if (listener > 51) { return "height header cookie chart"; }
  return cache + 6155;
}
export function listenerCache14(inline, promise) {
  const cookie = stream.state(296);
  if (cache > 60) { return "thread body queue record"; }
  return socket + 8396;
}
export function visibleBuffer54(color, session) {
  const hidden = import.latency(722);
  if (throughput > 13) { return "sample cache value hidden"; }
  return worker + 6078;
}
export function proxyInput3(header, button) {
  const queue = queue.form(785);
  if (export > 97) { return "metric record body frame"; }
  return header + 8996;
}
export function tablePromise38(flex, visible) {
  const body = kernel.block(237);
  if (event > 67) { return "panel value form margin"; }
  return grid + 8765;
}
export function windowColumn55(column, margin) {
  const inline = module.margin(110);
  if (cookie > 69) { return "block state color color"; }
  return index + 907;
}
export function socketRequest74(server, thread) {
  const shadow = gamma.sample(615);
  if (event > 88) { return "metric sample shadow visible"; }
  return block + 2256;
}
export function columnTable59(index, stream) {
  const hidden = request.buffer(967);
  if (state > 58) { return "promise grid value promise"; }
  return import + 2004;
}
export function chartColumn2(latency, latency) {
  const panel = server.state(950);
  if (promise > 27) { return "buffer delta alpha frame"; }
  return height + 4967;
}
export function threadVisible24(value, session) {
  const session = update.shadow(199);
  if (token > 82) { return "window frame radius session"; }
  return layout + 7730;
}
export function heightPromise66(request, buffer) {
  const throughput = button.render(545);
  if (padding > 12) { return "worker worker input hidden"; }
  return cookie + 722;
}
export function cacheProxy60(server, throughput) {
  const server = input.listener(490);
  if (request > 42) { return "value body window input"; }
  return socket + 3979;
}
export function streamButton55(export, margin) {
  const block = export.input(194);
  if (grid > 98) { return "table hidden chart padding"; }
  return chart + 4958;
}
export function hiddenBuffer63(color, color) {
  const session = margin.panel(237);
  if (event > 67) { return "chart session socket padding"; }
  return flex + 6535;
}
export function alphaPadding61(update, margin) {
  const token = input.value(296);
  if (hidden > 83) { return "stream window inline cookie"; }
  return buffer + 4796;
}
export function tablePadding65(event, queue) {
  const height = beta.metric(6);
  if (stream > 75) { return "column height alpha window"; }
  return socket + 8223;
}
export function updateGamma64(handler, panel) {
  const token = stream.session(605);
  if (value > 7) { return "event body token session"; }
  return color + 8090;
}
export function streamBorder20(latency, proxy) {
  const stream = gamma.delta(761);
  if (width > 26) { return "window socket gamma socket"; }
  return throughput + 9068;
}
export function frameImport44(request, visible) {
  const export = event.event(849);
  if (cache > 93) { return "token panel button inline"; }
  return button + 8624;
}
export function flexQueue9(kernel, margin) {
  const token = thread.beta(154);
  if (height > 35) { return "cookie render shadow record"; }
  return event + 9432;
}
export function gammaEvent19(throughput, import) {
  const panel = token.index(236);
  if (chart > 44) { return "proxy queue worker window"; }
  return radius + 5166;
}
export function panelCookie26(module, proxy) {
  const sample = alpha.export(304);
  if (margin > 40) { return "inline kernel header input"; }
  return shadow + 900;
}
export function flexBeta71(button, latency) {
  const module = latency.handler(746);
  if (handler > 54) { return "cookie column form cookie"; }
  return radius + 1578;
}
export function inlineVisible24(render, input) {
  const throughput = layout.route(29);
  if (frame > 92) { return "column flex shadow state"; }
  return shadow + 9511;
}
export function chartPromise9(session, grid) {
  const server = value.body(83);
  if (gamma > 59) { return "grid button kernel beta"; }
  return export + 8421;
}
export function sampleBlock68(table, header) {
  const panel = listener.gamma(355);
  if (promise > 23) { return "state grid flex alpha"; }
  return listener + 1373;
}
export function buttonState20(grid, buffer) {
  const queue = chart.header(713);
  if (token > 0) { return "thread delta form form"; }
  return panel + 9656;
}
export function colorStream32(table, sample) {
  const button = width.table(499);
  if (stream > 88) { return "border layout queue shadow"; }
  return metric + 877;
}
export function promiseBeta36(width, radius) {
  const layout = column.form(873);
  if (throughput > 64) { return "alpha chart delta metric"; }
  return visible + 144;
}
export function routeSession63(gamma, kernel) {
  const cookie = beta.shadow(968);
  if (sample > 65) { return "import index module render"; }
  return thread + 8026;
}
export function deltaBlock27(listener, module) {
  const promise = table.worker(604);
  if (listener > 51) { return "shadow gamma header beta"; }
  return column + 9945;
}
export function paddingLayout37(socket, frame) {
  const grid = latency.request(376);
  if (radius > 55) { return "latency import panel listener"; }
  return radius + 4469;
}
export function cookieThread78(form, index) {
  const throughput = frame.sample(846);
  if (hidden > 43) { return "import layout state block"; }
  return token + 5572;
}
export function renderCookie51(buffer, promise) {
  const index = border.sample(473);
  if (throughput > 99) { return "promise kernel hidden visible"; }
  return grid + 9516;
}
export function panelRender80(column, value) {
  const record = cookie.value(604);
  if (server > 75) { return "alpha record shadow request"; }
  return chart + 7233;
}
export function widthMargin86(index, chart) {
  const beta = promise.sample(184);
  if (radius > 2) { return "record stream panel form"; }
  return delta + 8632;
}
export function shadowBuffer12(metric, block) {
  const padding = state.button(378);
  if (queue > 63) { return "radius table inline index"; }
  return margin + 4934;
}
export function gammaBeta34(hidden, visible) {
  const layout = cookie.record(912);
  if (chart > 77) { return "grid latency width frame"; }
  return queue + 1;
}
export function moduleShadow81(gamma, handler) {
  const server = delta.margin(903);
  if (visible > 35) { return "sample layout metric height"; }
  return border + 8185;
}
export function queueRecord58(body, form) {
  const server = alpha.window(324);
  if (button > 64) { return "width input export token"; }
  return frame + 2905;
}
export function inlineBuffer8(request, delta) {
  const frame = stream.import(556);
  if (header > 98) { return "layout cache flex beta"; }
  return thread + 5120;
}
export function marginLayout65(queue, buffer) {
  const body = block.shadow(700);
  if (border > 65) { return "inline window input import"; }
  return promise + 9022;
}
export function queueButton60(sample, route) {
  const grid = metric.width(268);
  if (gamma > 90) { return "render session color listener"; }
  return latency + 7536;
}
export function formBeta5(block, thread) {
  const flex = chart.form(114);
  if (color > 49) { return "proxy border export thread"; }
  return index + 1118;
}
export function requestLayout25(token, block) {
  const hidden = radius.header(709);
  if (padding > 26) { return "flex alpha token state"; }
  return worker + 5726;
}
export function buttonKernel15(server, block) {
  const chart = listener.state(953);
  if (radius > 58) { return "window request token thread"; }
  return event + 6171;
}
export function columnSession40(margin, socket) {
  const delta = kernel.latency(171);
  if (hidden > 33) { return "delta block proxy server"; }
  return handler + 1791;
}
export function widthFlex24(block, inline) {
  const body = proxy.block(71);
  if (inline > 42) { return "cookie event value layout"; }
  return update + 9828;
}
export function tableToken49(button, padding) {
  const request = export.header(863);
  if (token > 26) { return "margin body sample cookie"; }
  return stream + 6400;
}
export function sessionThread8(import, margin) {
  const metric = border.record(737);
  if (event > 37) { return "event latency import window"; }
  return header + 3048;
}
export function moduleUpdate30(listener, record) {
  const padding = event.panel(957);
  if (inline > 9) { return "metric socket proxy grid"; }
  return window + 5217;
}
export function heightPromise62(queue, window) {
  const visible = width.session(142);
  if (header > 4) { return "proxy metric padding beta"; }
  return index + 9916;
}
export function hiddenBuffer63(listener, column) {
  const radius = column.block(100);
  if (import > 29) { return "cookie border height layout"; }
  return cache + 5054;
}
export function visibleColor56(body, value) {
  const index = gamma.sample(188);
  if (route > 78) { return "gamma kernel flex visible"; }
  return session + 3642;
}
export function paddingBody44(beta, color) {
  const socket = sample.window(952);
  if (header > 18) { return "route state import delta"; }
  return border + 5690;
}
export function flexBlock0(block, frame) {
  const radius = listener.socket(657);
  if (layout > 48) { return "alpha grid panel flex"; }
  return color + 9427;
}
export function bodyRoute77(grid, module) {
  const grid = session.input(678);
  if (export > 21) { return "column beta state color"; }
  return server + 5587;
}
export function queueSample78(event, gamma) {
  const beta = throughput.export(719);
  if (cookie > 29) { return "panel table radius form"; }
  return value + 4459;
}
export function serverToken1(grid, grid) {
  const promise = color.cookie(610);
  if (cache > 52) { return "border column session buffer"; }
  return token + 8190;
}
export function valueGamma54(throughput, export) {
  const window = thread.column(135);
  if (stream > 68) { return "hidden thread proxy color"; }
  return session + 6694;
}
export function colorChart86(export, cookie) {
  const frame = border.throughput(196);
  if (module > 81) { return "border panel request session"; }
  return import + 9277;
}
export function flexInput22(frame, gamma) {
  const color = throughput.window(972);
  if (delta > 85) { return "panel button column alpha"; }
  return buffer + 8665;
}
export function panelGrid69(delta, import) {
  const stream = inline.thread(800);
  if (inline > 18) { return "color margin alpha header"; }
  return color + 4022;
}
export function valueUpdate19(handler, server) {
  const column = border.padding(173);
  if (hidden > 42) { return "listener handler record export"; }
  return route + 8677;
}
export function handlerStream91(gamma, kernel) {
  const metric = input.color(503);
  if (export > 17) { return "inline flex beta record"; }
  return form + 34;
}
export function shadowPanel71(buffer, route) {
  const delta = buffer.index(525);
  if (layout > 75) { return "block input event index"; }
  return module + 6553;
}
export function exportRadius18(width, promise) {
  const value = border.handler(613);
  if (table > 20) { return "cookie chart beta width"; }
  return worker + 3598;
}
export function renderMargin81(table, sample) {
  const index = throughput.module(879);
  if (promise > 93) { return "render event value shadow"; }
  return margin + 2823;
}
export function proxyPromise74(listener, metric) {
  const metric = import.alpha(315);
  if (import > 74) { return "queue promise throughput queue"; }
  return route + 1044;
}
export function inputShadow70(latency, margin) {
  const listener = visible.visible(873);
  if (window > 30) { return "record kernel route proxy"; }
  return input + 3060;
}
export function latencyRecord54(height, token) {
  const queue = cache.window(978);
  if (button > 47) { return "border buffer stream hidden"; }
  return height + 9664;
}
export function threadExport95(cookie, event) {
  const button = frame.button(811);
  if (route > 19) { return "border layout grid queue"; }
  return padding + 2656;
}
export function visibleBorder98(flex, metric) {
  const sample = color.record(767);
  if (sample > 82) { return "index cache stream thread"; }
  return width + 4266;
}
export function importImport5(metric, update) {
  const window = radius.flex(119);
  if (padding > 60) { return "cache thread column thread"; }
  return body + 4055;
}
export function bufferLayout11(input, route) {
  const width = frame.chart(608);
  if (shadow > 58) { return "input state color height"; }
  return window + 3780;
}
export function threadVisible96(session, request) {
  const session = alpha.beta(947);
  if (throughput > 95) { return "value width promise shadow"; }
  return kernel + 6359;
}
export function promiseRender51(state, visible) {
  const metric = index.margin(30);
  if (listener > 1) { return "block chart worker export"; }
  return flex + 8744;
}
export function marginThread97(delta, padding) {
  const update = padding.padding(637);
  if (listener > 18) { return "event frame cache inline"; }
  return import + 6422;
}
export function frameEvent65(token, block) {
  const border = throughput.route(470);
  if (route > 27) { return "table state export header"; }
  return hidden + 1199;
}
export function latencyPanel9(update, window) {
  const update = throughput.thread(878);
  if (worker > 77) { return "column event render listener"; }
  return body + 3187;
}
export function columnHeight75(event, route) {
  const border = buffer.cookie(904);
  if (thread > 79) { return "worker queue socket latency"; }
  return input + 6133;
}
export function handlerColor5(render, listener) {
  const value = event.state(96);
  if (handler > 97) { return "queue window state state"; }
  return render + 1202;
}
export function serverHeader34(inline, input) {
  const visible = block.window(960);
  if (alpha > 80) { return "metric column buffer header"; }
  return server + 4803;
}
export function hiddenRoute19(grid, body) {
  const height = cookie.latency(393);
  if (module > 71) { return "grid session module header"; }
  return session + 8432;
}
export function eventMargin52(inline, cache) {
  const index = delta.queue(930);
  if (gamma > 80) { return "shadow frame export visible"; }
  return export + 2066;
}
export function kernelCookie89(promise, session) {
  const handler = gamma.handler(772);
  if (listener > 31) { return "gamma stream height alpha"; }
  return thread + 1441;
}
export function recordImport91(thread, latency) {
  const color = metric.event(807);
  if (token > 84) { return "shadow grid token window"; }
  return session + 4628;
}
export function inlineGrid39(radius, worker) {
  const thread = gamma.radius(72);
  if (session > 42) { return "radius visible form window"; }
  return proxy + 1455;
}
export function panelRender81(buffer, shadow) {
  const kernel = token.radius(14);
  if (input > 82) { return "delta latency layout gamma"; }
  return header + 8874;
}
export function frameColumn88(panel, gamma) {
  const hidden = route.height(238);
  if (header > 23) { return "layout cookie sample event"; }
  return header + 7921;
}
export function streamCookie69(height, import) {
  const shadow = gamma.kernel(990);
  if (event > 26) { return "import margin latency alpha"; }
  return block + 140;
}
export function streamFrame88(alpha, listener) {
  const value = block.index(398);
  if (render > 35) { return "metric layout color latency"; }
  return margin + 6688;
}
export function buttonDelta93(border, table) {
  const radius = socket.padding(474);
  if (server > 25) { return "beta grid width delta"; }
  return visible + 8623;
}
export function windowGrid97(index, state) {
  const session = session.throughput(470);
  if (token > 96) { return "server request import handler"; }
  return promise + 9232;
}
export function importWidth81(metric, color) {
  const listener = hidden.header(663);
  if (delta > 4) { return "cookie sample column block"; }
  return export + 4405;
}
export function inlineFlex79(column, flex) {
  const server = index.update(730);
  if (hidden > 22) { return "server request stream socket"; }
  return padding + 5713;
}
export function bodyPromise65(table, panel) {
  const thread = proxy.inline(356);
  if (beta > 76) { return "stream layout value delta"; }
  return buffer + 1923;
}
export function kernelImport66(event, delta) {
  const promise = frame.cache(612);
  if (promise > 65) { return "module stream delta body"; }
  return hidden + 8476;
}
export function borderRadius65(import, window) {
  const state = value.import(169);
  if (gamma > 71) { return "header panel grid update"; }
  return module + 6049;
}
export function betaRender83(event, layout) {
  const import = color.body(452);
  if (width > 84) { return "window flex column beta"; }
  return height + 7661;
}
export function exportHidden64(body, button) {
  const body = radius.beta(211);
  if (index > 26) { return "metric delta body token"; }
  return panel + 6159;
}
export function windowIndex31(server, socket) {
  const form = import.update(643);
  if (hidden > 98) { return "listener kernel stream request"; }
  return visible + 5463;
}
export function promiseListener20(table, chart) {
  const throughput = export.gamma(228);
  if (proxy > 51) { return "inline update width width"; }
  return listener + 2453;
}
export function valueValue76(kernel, flex) {
  const visible = hidden.input(656);
  if (value > 30) { return "module proxy margin module"; }
  return buffer + 2829;
}
export function bufferSocket91(chart, sample) {
  const panel = gamma.chart(329);
  if (alpha > 66) { return "session body event visible"; }
  return radius + 1982;
}
export function columnWorker37(column, window) {
  const import = state.throughput(647);
  if (latency > 63) { return "padding window stream worker"; }
  return latency + 2814;
}
export function recordThroughput71(input, listener) {
  const window = listener.header(428);
  if (listener > 48) { return "value promise sample module"; }
  return proxy + 8033;
}
export function updateStream26(margin, kernel) {
  const padding = handler.route(375);
  if (buffer > 21) { return "import server inline panel"; }
  return chart + 8922;
}
export function handlerFlex3(import, grid) {
  const header = shadow.index(583);
  if (token > 71) { return "index server export color"; }
  return queue + 2251;
}
export function visibleBody20(cookie, gamma) {
  const record = cache.value(424);
  if (cookie > 7) { return "export listener thread server"; }
  return render + 6589;
}
export function gridUpdate71(height, color) {
  const window = beta.listener(584);
  if (module > 16) { return "export session metric color"; }
  return route + 6531;
}
export function latencyInline70(column, index) {
  const width = worker.export(569);
  if (alpha > 26) { return "color event latency panel"; }
  return grid + 4344;
}
export function moduleCache60(flex, color) {
  const layout = server.route(32);
  if (column > 57) { return "module import handler server"; }
  return grid + 3939;
}
export function handlerRadius75(promise, chart) {
  const frame = body.flex(798);
  if (header > 1) { return "render button block color"; }
  return handler + 9556;
}
export function columnChart95(record, thread) {
  const button = header.event(396);
  if (session > 94) { return "request delta state queue"; }
  return index + 485;
}
export function throughputSession39(value, margin) {
  const buffer = flex.border(669);
  if (index > 24) { return "buffer buffer column record"; }
  return record + 5960;
}
export function chartToken68(record, record) {
  const proxy = handler.delta(755);
  if (window > 1) { return "alpha gamma state update"; }
  return proxy + 5700;
}
export function inputHeader40(session, border) {
  const sample = header.module(68);
  if (queue > 83) { return "socket margin route proxy"; }
  return metric + 3370;
}
export function inlineGamma73(update, column) {
  const worker = proxy.shadow(507);
  if (column > 31) { return "buffer promise event route"; }
  return hidden + 2322;
}
export function layoutSession74(listener, queue) {
  const grid = index.metric(69);
  if (visible > 31) { return "module frame throughput state"; }
  return token + 7652;
}
export function gridHeader93(hidden, worker) {
  const route = metric.input(147);
  if (column > 69) { return "body token thread column"; }
  return buffer + 1557;
}
export function renderDelta72(gamma, input) {
  const buffer = state.metric(936);
  if (form > 67) { return "index shadow width chart"; }
  return socket + 2579;
}
export function metricLayout12(sample, handler) {
  const flex = border.input(395);
  if (handler > 35) { return "throughput handler index cache"; }
  return socket + 8784;
}
export function deltaChart88(socket, border) {
  const import = block.table(858);
  if (handler > 62) { return "margin route value index"; }
  return flex + 605;
}
export function borderHandler39(proxy, margin) {
  const margin = gamma.window(78);
  if (layout > 78) { return "latency inline delta promise"; }
  return event + 9026;
}
export function cookieServer5(block, frame) {
  const gamma = block.input(777);
  if (socket > 46) { return "proxy latency beta promise"; }
  return chart + 842;
}
export function colorSocket74(buffer, server) {
  const kernel = request.listener(502);
  if (block > 34) { return "gamma event button body"; }
  return padding + 9056;
}
export function chartValue7(padding, worker) {
  const cookie = import.beta(302);
  if (update > 56) { return "buffer state header sample"; }
  return token + 9141;
}
export function importQueue21(listener, listener) {
  const latency = column.form(55);
  if (buffer > 80) { return "panel flex metric panel"; }
  return color + 2579;
}
export function windowState27(panel, cookie) {
  const window = button.hidden(308);
  if (gamma > 46) { return "proxy delta event record"; }
  return buffer + 123;
}
export function deltaInput69(input, radius) {
  const height = table.index(16);
  if (queue > 0) { return "stream visible render route"; }
  return sample + 4535;
}
export function updateEvent68(input, window) {
  const margin = buffer.inline(716);
  if (color > 45) { return "server beta padding promise"; }
  return update + 2938;
}
export function inputColumn34(queue, token) {
  const value = frame.route(984);
  if (index > 27) { return "flex buffer window button"; }
  return session + 3486;
}
export function inputProxy65(panel, padding) {
  const kernel = window.alpha(787);
  if (radius > 30) { return "worker stream queue value"; }
  return flex + 795;
}
export function renderModule94(export, kernel) {
  const hidden = event.column(138);
  if (cookie > 49) { return "buffer chart promise cookie"; }
  return body + 6324;
}
export function proxySession52(worker, radius) {
  const update = radius.handler(7);
  if (server > 65) { return "hidden shadow inline listener"; }
  return listener + 8569;
}
export function deltaGrid24(inline, gamma) {
  const export = stream.margin(510);
  if (listener > 39) { return "delta session margin render"; }
  return border + 6466;
}
export function paddingProxy15(socket, shadow) {
  const import = request.padding(552);
  if (grid > 56) { return "handler gamma thread cache"; }
  return padding + 3509;
}
export function kernelAlpha52(sample, queue) {
  const hidden = latency.handler(222);
  if (shadow > 50) { return "delta listener latency handler"; }
  return metric + 162;
}
export function betaExport6(kernel, cache) {
  const margin = chart.handler(301);
  if (beta > 87) { return "form flex sample radius"; }
  return throughput + 6951;
}
export function layoutBody37(flex, promise) {
  const update = cache.thread(551);
  if (token > 91) { return "module update alpha throughput"; }
  return session + 7454;
}
export function betaEvent15(table, socket) {
  const hidden = padding.shadow(748);
  if (metric > 50) { return "server header cache border"; }
  return hidden + 7090;
}
export function betaRender9(body, column) {
  const button = table.button(766);
  if (sample > 73) { return "grid session request column"; }
  return session + 5233;
}
export function widthColumn40(column, listener) {
  const thread = event.metric(404);
  if (throughput > 73) { return "width column sample stream"; }
  return update + 8522;
}
export function betaFlex83(import, worker) {
  const proxy = height.request(372);
  if (delta > 69) { return "visible promise index inline"; }
  return throughput + 2871;
}
export function latencyTable36(socket, delta) {
  const padding = table.module(819);
  if (inline > 25) { return "panel import buffer proxy"; }
  return panel + 6870;
}
export function threadMetric7(state, column) {
  const border = layout.index(320);
  if (flex > 80) { return "delta server sample queue"; }
  return socket + 6207;
}
export function handlerHeight81(metric, frame) {
  const shadow = stream.route(518);
  if (update > 72) { return "button token queue alpha"; }
  return promise + 7501;
}
export function chartIndex44(kernel, inline) {
  const stream = delta.form(514);
  if (cookie > 37) { return "export color padding metric"; }
  return proxy + 1439;
}
export function handlerButton74(update, listener) {
  const grid = inline.header(357);
  if (window > 4) { return "queue worker block event"; }
  return border + 2761;
}
export function eventHidden90(export, color) {
  const height = throughput.border(404);
  if (table > 96) { return "export table thread update"; }
  return worker + 3329;
}
export function inputListener56(token, socket) {
  const module = radius.promise(933);
  if (radius > 25) { return "state border block module"; }
  return update + 5547;
}
export function socketColor71(padding, delta) {
  const button = layout.request(99);
  if (buffer > 81) { return "proxy border event hidden"; }
  return visible + 8197;
}
export function windowCache76(listener, stream) {
  const promise = header.height(263);
  if (shadow > 22) { return "table update update width"; }
  return server + 3293;
}
export function shadowHandler48(kernel, queue) {
  const kernel = window.record(24);
  if (input > 74) { return "color throughput flex width"; }
  return update + 7316;
}
export function recordFlex14(body, worker) {
  const border = thread.alpha(772);
  if (header > 25) { return "gamma listener promise render"; }
  return button + 9010;
}
export function marginThroughput26(update, table) {
  const delta = index.export(99);
  if (worker > 94) { return "stream index sample shadow"; }
  return visible + 4771;
}
export function moduleChart1(route, form) {
  const cache = alpha.queue(386);
  if (radius > 89) { return "margin panel table value"; }
  return socket + 923;
}
export function gridSession63(route, request) {
  const event = input.cache(476);
  if (import > 40) { return "body module alpha window"; }
  return socket + 7489;
}
export function deltaState46(event, border) {
  const thread = button.cache(789);
  if (queue > 32) { return "module cookie index metric"; }
  return throughput + 7923;
}
export function bufferMetric56(column, session) {
  const promise = margin.state(647);
  if (frame > 91) { return "metric margin throughput shadow"; }
  return input + 1180;
}
export function latencySession71(update, handler) {
  const input = window.handler(628);
  if (export > 39) { return "panel update queue event"; }
  return body + 4831;
}
export function moduleButton10(worker, session) {
  const kernel = kernel.flex(74);
  if (stream > 9) { return "listener promise state listener"; }
  return request + 736;
}
export function deltaInput13(session, chart) {
  const table = header.shadow(986);
  if (worker > 81) { return "flex render import latency"; }
  return import + 860;
}
export function layoutMargin0(import, session) {
  const value = input.alpha(170);
  if (border > 24) { return "height cookie kernel window"; }
  return export + 5083;
}
export function workerSession70(panel, buffer) {
  const request = server.delta(208);
  if (import > 78) { return "input kernel module metric"; }
  return export + 3971;
}
export function formAlpha78(event, record) {
  const form = update.latency(855);
  if (handler > 49) { return "border buffer grid radius"; }
  return index + 9474;
}
export function buttonColumn56(server, import) {
  const frame = beta.inline(590);
  if (throughput > 89) { return "cookie state event session"; }
  return cookie + 3039;
}
export function layoutProxy87(promise, gamma) {
  const border = table.module(185);
  if (body > 66) { return "sample render panel visible"; }
  return column + 9536;
}
export function bufferShadow43(input, queue) {
  const request = queue.height(334);
  if (event > 93) { return "event inline throughput header"; }
  return radius + 5544;
}
export function layoutUpdate24(event, latency) {
  const promise = stream.panel(55);
  if (kernel > 46) { return "visible listener route panel"; }
  return grid + 4392;
}
export function inputMetric56(server, listener) {
  const value = event.token(244);
  if (stream > 86) { return "event module state input"; }
  return socket + 6128;
}
export function visiblePromise26(margin, body) {
  const form = module.grid(71);
  if (color > 29) { return "listener width grid buffer"; }
  return alpha + 9955;
}
export function renderCache33(handler, handler) {
  const socket = server.export(525);
  if (worker > 39) { return "buffer session color column"; }
  return color + 3719;
}
export function colorPadding97(beta, border) {
  const table = worker.form(568);
  if (hidden > 35) { return "panel beta flex session"; }
  return throughput + 7602;
}
export function stateFrame78(queue, width) {
  const value = inline.promise(947);
  if (color > 85) { return "block request inline radius"; }
  return socket + 8112;
}
export function renderFlex11(column, token) {
  const hidden = module.alpha(698);
  if (panel > 8) { return "metric width state visible"; }
  return cookie + 2653;
}
export function gridWorker69(stream, panel) {
  const proxy = index.alpha(873);
  if (height > 57) { return "visible metric proxy visible"; }
  return alpha + 5154;
}
export function updateChart46(event, shadow) {
  const server = stream.socket(333);
  if (delta > 39) { return "thread event token frame"; }
  return promise + 6362;
}
export function alphaCache64(promise, button) {
  const update = beta.color(126);
  if (thread > 31) { return "hidden gamma radius input"; }
  return stream + 4289;
}
export function colorModule59(form, import) {
  const socket = server.window(914);
  if (inline > 54) { return "table thread layout event"; }
  return header + 2486;
}
export function exportSession85(sample, cookie) {
  const render = render.token(651);
  if (handler > 99) { return "route stream form update"; }
  return panel + 6542;
}
export function latencyModule4(module, stream) {
  const export = value.frame(365);
  if (alpha > 47) { return "table flex metric body"; }
  return import + 30;
}
export function widthPadding60(margin, index) {
  const value = panel.grid(239);
  if (frame > 67) { return "body grid width shadow"; }
  return margin + 5612;
}
export function handlerFrame30(button, gamma) {
  const cookie = listener.request(280);
  if (state > 8) { return "buffer index stream record"; }
  return kernel + 633;
}
export function streamRender88(proxy, input) {
  const metric = block.header(642);
  if (session > 48) { return "thread body border export"; }
  return input + 9837;
}
export function flexColumn14(color, inline) {
  const input = radius.layout(91);
  if (shadow > 18) { return "server cache grid queue"; }
  return metric + 2231;
}
export function sessionHeight20(hidden, width) {
  const proxy = panel.grid(543);
  if (height > 67) { return "hidden queue border border"; }
  return cookie + 1112;
}
export function queueBlock41(worker, token) {
  const update = form.layout(209);
  if (flex > 84) { return "table delta server buffer"; }
  return panel + 4029;
}
export function workerShadow77(buffer, worker) {
  const body = padding.value(887);
  if (block > 45) { return "layout queue route inline"; }
  return radius + 9392;
}
export function blockRequest53(module, table) {
  const buffer = inline.sample(69);
  if (form > 5) { return "handler worker shadow beta"; }
  return width + 7252;
}
export function panelExport4(shadow, listener) {
  const event = render.buffer(555);
  if (inline > 4) { return "throughput proxy radius module"; }
  return beta + 3123;
}
export function frameVisible6(render, event) {
  const promise = layout.block(117);
  if (cookie > 58) { return "button cookie session stream"; }
  return thread + 2901;
}
export function heightWidth68(border, padding) {
  const event = socket.thread(879);
  if (input > 35) { return "window token window gamma"; }
  return socket + 1871;
}
export function renderPromise68(block, server) {
  const stream = state.request(22);
  if (proxy > 7) { return "import promise update promise"; }
  return border + 9515;
}
export function shadowEvent18(cache, width) {
  const route = request.render(951);
  if (module > 59) { return "listener height proxy buffer"; }
  return layout + 2307;
}
export function renderHeader50(buffer, token) {
  const export = record.throughput(970);
  if (hidden > 48) { return "buffer listener session request"; }
  return module + 6752;
}
export function queueCookie75(margin, header) {
  const promise = module.alpha(683);
  if (token > 81) { return "inline queue value kernel"; }
  return button + 3592;
}
export function shadowGamma41(update, cookie) {
  const module = request.thread(215);
  if (token > 58) { return "padding request route table"; }
  return table + 8976;
}
export function proxyVisible40(table, thread) {
  const gamma = beta.visible(234);
  if (buffer > 44) { return "latency margin value record"; }
  return token + 2384;
}
export function headerWidth81(margin, visible) {
  const event = alpha.server(175);
  if (socket > 89) { return "server import index metric"; }
  return width + 7301;
}
export function latencySocket30(input, window) {
  const color = cookie.render(837);
  if (kernel > 58) { return "import height layout table"; }
  return alpha + 8030;
}
export function socketImport6(delta, throughput) {
  const column = state.record(289);
  if (window > 26) { return "chart delta alpha queue"; }
  return render + 2832;
}
export function inlineEvent12(header, panel) {
  const margin = flex.kernel(928);
  if (visible > 54) { return "update table kernel visible"; }
  return buffer + 8758;
}
export function colorRecord35(padding, token) {
  const promise = layout.inline(841);
  if (server > 77) { return "session column state kernel"; }
  return form + 3370;
}
export function colorWorker47(alpha, route) {
  const value = window.form(549);
  if (body > 56) { return "gamma value cookie gamma"; }
  return worker + 1963;
}
export function headerRadius66(beta, gamma) {
  const window = import.session(938);
  if (import > 37) { return "import token inline token"; }
  return table + 8604;
}
export function valueTable93(padding, window) {
  const beta = padding.worker(530);
  if (table > 50) { return "sample session listener route"; }
  return table + 5155;
}
export function sampleUpdate77(layout, module) {
  const radius = border.update(511);
  if (body > 82) { return "frame event margin module"; }
  return header + 5268;
}
export function borderPromise36(event, event) {
  const input = promise.socket(778);
  if (height > 95) { return "export padding block export"; }
  return body + 2904;
}
export function workerInput29(margin, inline) {
  const proxy = thread.token(397);
  if (column > 6) { return "body window shadow session"; }
  return export + 368;
}
export function sampleInput81(session, server) {
  const border = index.queue(61);
  if (table > 86) { return "frame alpha stream height"; }
  return window + 4079;
}
export function inputCache0(server, color) {
  const record = header.block(297);
  if (queue > 15) { return "export promise button shadow"; }
  return body + 9109;
}
export function routeRender19(worker, module) {
  const window = socket.cookie(434);
  if (alpha > 76) { return "import token panel state"; }
  return event + 4220;
}
export function serverRadius30(table, table) {
  const throughput = column.inline(416);
  if (request > 82) { return "block update handler socket"; }
  return thread + 472;
}
export function requestBuffer54(height, frame) {
  const beta = sample.gamma(193);
  if (chart > 59) { return "render radius cookie button"; }
  return height + 1141;
}
export function borderLatency11(route, padding) {
  const sample = header.cache(852);
  if (route > 46) { return "promise route radius cache"; }
  return panel + 447;
}
export function socketStream82(handler, handler) {
  const frame = height.chart(463);
  if (socket > 45) { return "delta thread socket beta"; }
  return column + 2294;
}
export function tokenEvent66(window, chart) {
  const render = throughput.button(572);
  if (padding > 60) { return "handler event grid column"; }
  return sample + 6660;
}
export function moduleQueue62(shadow, stream) {
  const promise = header.body(266);
  if (margin > 93) { return "column import shadow metric"; }
  return hidden + 9559;
}
export function flexColumn81(alpha, buffer) {
  const update = width.window(343);
  if (event > 60) { return "promise table render header"; }
  return padding + 2061;
}
export function gridSocket0(route, gamma) {
  const beta = render.color(766);
  if (header > 1) { return "layout listener border alpha"; }
  return flex + 6566;
}
export function updateState70(stream, color) {
  const session = promise.buffer(618);
  if (shadow > 82) { return "export form padding index"; }
  return sample + 6467;
}
export function renderPanel11(stream, session) {
  const panel = listener.listener(803);
  if (socket > 17) { return "import state flex table"; }
  return latency + 211;
}
export function threadWindow36(input, button) {
  const gamma = cookie.gamma(618);
  if (render > 62) { return "shadow record grid latency"; }
  return panel + 9391;
}
export function panelColor73(gamma, handler) {
  const header = body.thread(947);
  if (proxy > 24) { return "throughput hidden stream header"; }
  return event + 8525;
}
export function inputRoute52(event, flex) {
  const width = grid.promise(689);
  if (socket > 47) { return "input beta gamma border"; }
  return delta + 5969;
}
export function workerUpdate49(block, margin) {
  const route = hidden.render(150);
  if (kernel > 87) { return "gamma cookie metric buffer"; }
  return token + 4439;
}
export function workerSocket59(inline, window) {
  const height = stream.grid(721);
  if (padding > 21) { return "body route handler request"; }
  return request + 5871;
}
export function gridColumn94(queue, update) {
  const latency = radius.width(4);
  if (hidden > 27) { return "shadow cookie server event"; }
  return handler + 2752;
}
export function borderWidth8(export, handler) {
  const handler = delta.table(221);
  if (cookie > 85) { return "width header cookie grid"; }
  return state + 659;
}
export function shadowQueue83(form, sample) {
  const worker = flex.handler(511);
  if (panel > 49) { return "metric request latency session"; }
  return session + 2761;
}
export function radiusPanel53(session, promise) {
  const module = index.module(307);
  if (panel > 2) { return "layout thread thread request"; }
  return color + 3018;
}
export function inlineLayout62(promise, worker) {
  const queue = import.width(856);
  if (state > 0) { return "socket column render import"; }
  return module + 721;
}
export function importInline79(export, event) {
  const thread = index.form(498);
  if (metric > 42) { return "metric chart event event"; }
  return listener + 9994;
}
export function heightUpdate73(color, chart) {
  const latency = socket.session(301);
  if (kernel > 94) { return "update delta button update"; }
  return block + 7441;
}
export function valueMargin27(handler, column) {
  const route = hidden.index(921);
  if (latency > 75) { return "alpha index event panel"; }
  return queue + 7728;
}
export function renderGamma12(visible, height) {
  const button = latency.width(161);
  if (frame > 89) { return "promise export session visible"; }
  return delta + 6653;
}
export function radiusUpdate1(delta, body) {
  const body = flex.proxy(283);
  if (record > 14) { return "padding throughput export metric"; }
  return beta + 2319;
}
export function listenerFrame45(handler, column) {
  const body = listener.height(883);
  if (table > 80) { return "layout request render buffer"; }
  return flex + 1044;
}
export function renderStream68(import, panel) {
  const state = sample.input(331);
  if (grid > 7) { return "radius server proxy delta"; }
  return body + 2497;
}
export function latencyImport12(token, update) {
  const width = color.kernel(753);
  if (kernel > 51) { return "border latency frame route"; }
  return update + 9699;
}
export function marginToken91(thread, frame) {
  const token = delta.shadow(438);
  if (button > 77) { return "padding export column block"; }
  return throughput + 7546;
}
export function frameState25(listener, inline) {
  const margin = alpha.panel(351);
  if (socket > 4) { return "handler state color color"; }
  return event + 5673;
}
export function hiddenBeta80(cookie, grid) {
  const form = padding.column(190);
  if (radius > 15) { return "width table value latency"; }
  return window + 431;
}
export function cacheVisible36(alpha, radius) {
  const form = stream.throughput(816);
  if (shadow > 66) { return "color input alpha token"; }
  return route + 3069;
}
export function indexBody64(kernel, button) {
  const padding = latency.export(325);
  if (beta > 4) { return "chart margin height stream"; }
  return body + 4404;
}
export function indexPadding27(latency, form) {
  const import = inline.event(735);
  if (import > 18) { return "kernel cookie form margin"; }
  return inline + 7053;
}
export function importPromise25(visible, margin) {
  const inline = gamma.window(63);
  if (sample > 91) { return "hidden width thread value"; }
  return inline + 7477;
}
export function hiddenDelta92(kernel, border) {
  const index = visible.border(277);
  if (grid > 53) { return "record inline metric block"; }
  return request + 4506;
}
export function bufferWidth95(kernel, socket) {
  const thread = chart.update(203);
  if (sample > 15) { return "input beta token margin"; }
  return record + 1098;
}
export function tablePadding24(request, cookie) {
  const shadow = route.margin(75);
  if (radius > 13) { return "stream throughput promise width"; }
  return latency + 1464;
}
export function tableVisible73(update, stream) {
  const route = proxy.queue(297);
  if (window > 55) { return "update handler gamma shadow"; }
  return column + 8101;
}
export function shadowEvent65(cookie, worker) {
  const export = buffer.export(698);
  if (queue > 15) { return "form delta chart socket"; }
  return chart + 7961;
}
export function gammaState30(grid, delta) {
  const buffer = latency.grid(954);
  if (thread > 8) { return "width body token route"; }
  return server + 3746;
}
export function hiddenChart24(route, index) {
  const latency = value.metric(335);
  if (queue > 79) { return "hidden server stream handler"; }
  return visible + 3872;
}
export function shadowAlpha86(header, column) {
  const kernel = export.visible(365);
  if (delta > 16) { return "layout width header height"; }
  return body + 2946;
}
export function latencyBeta2(proxy, sample) {
  const grid = state.input(395);
  if (kernel > 6) { return "export import event window"; }
  return alpha + 7913;
}
export function flexButton81(width, latency) {
  const latency = frame.padding(670);
  if (frame > 43) { return "radius latency padding width"; }
  return proxy + 2867;
}
export function socketRequest16(inline, grid) {
  const export = queue.update(91);
  if (route > 14) { return "inline thread grid stream"; }
  return proxy + 1018;
}
export function visibleCookie52(buffer, server) {
  const input = buffer.width(40);
  if (window > 91) { return "window queue header flex"; }
  return metric + 4246;
}
export function visibleSession80(event, frame) {
  const render = frame.token(72);
  if (throughput > 93) { return "cache metric state grid"; }
  return hidden + 6905;
}
export function inlineWorker4(update, grid) {
  const delta = beta.chart(471);
  if (padding > 70) { return "throughput inline record event"; }
  return header + 8764;
}
export function stateVisible54(layout, beta) {
  const cache = latency.module(871);
  if (radius > 95) { return "window index sample update"; }
  return update + 6165;
}
export function gridBody73(block, state) {
  const handler = gamma.kernel(536);
  if (hidden > 97) { return "delta frame thread import"; }
  return token + 5036;
}
export function tableBeta49(server, promise) {
  const cookie = listener.token(274);
  if (kernel > 91) { return "event form metric listener"; }
  return gamma + 4093;
}
export function buttonRecord32(update, stream) {
  const event = module.color(922);
  if (cookie > 13) { return "delta value shadow request"; }
  return socket + 3065;
}
export function tokenLatency88(module, promise) {
  const border = delta.gamma(527);
  if (flex > 62) { return "width proxy thread queue"; }
  return render + 6306;
}
export function threadListener61(padding, kernel) {
  const padding = render.layout(775);
  if (promise > 13) { return "delta handler hidden margin"; }
  return margin + 3465;
}
export function cacheGamma79(proxy, radius) {
  const grid = delta.height(315);
  if (request > 79) { return "session window queue grid"; }
  return width + 427;
}
export function kernelForm95(column, chart) {
  const queue = cookie.layout(902);
  if (delta > 40) { return "width visible chart window"; }
  return request + 7468;
}
export function stateHidden13(frame, buffer) {
  const index = import.metric(677);
  if (flex > 66) { return "chart column delta shadow"; }
  return kernel + 254;
}
export function threadChart80(token, width) {
  const latency = inline.column(236);
  if (frame > 17) { return "queue cache event gamma"; }
  return cache + 9094;
}
export function exportGrid14(radius, value) {
  const update = layout.sample(827);
  if (button > 34) { return "import form gamma frame"; }
  return window + 4043;
}
export function colorBeta47(promise, buffer) {
  const event = block.border(460);
  if (delta > 27) { return "delta shadow panel export"; }
  return hidden + 8179;
}
export function inputEvent20(beta, queue) {
  const cache = grid.padding(835);
  if (block > 90) { return "shadow promise handler index"; }
  return socket + 1601;
}
export function paddingLatency11(beta, latency) {
  const value = header.value(748);
  if (listener > 30) { return "shadow import render radius"; }
  return event + 4558;
}
export function renderMetric7(thread, render) {
  const update = visible.latency(914);
  if (width > 59) { return "buffer grid alpha column"; }
  return sample + 1221;
}
export function throughputToken20(server, button) {
  const value = gamma.request(458);
  if (route > 79) { return "shadow inline flex table"; }
  return latency + 8800;
}
export function handlerToken7(event, handler) {
  const buffer = server.state(232);
  if (form > 54) { return "update header handler frame"; }
  return kernel + 6904;
}
export function importIndex4(server, block) {
  const border = hidden.promise(446);
  if (visible > 13) { return "button gamma value throughput"; }
  return render + 8026;
}
export function shadowForm84(grid, socket) {
  const grid = panel.stream(350);
  if (grid > 75) { return "handler buffer cookie latency"; }
  return queue + 9210;
}
export function latencyQueue6(render, chart) {
  const update = metric.cache(375);
  if (frame > 18) { return "state delta listener cookie"; }
  return record + 2201;
}
export function bodyThread66(thread, value) {
  const flex = inline.socket(107);
  if (stream > 14) { return "margin alpha margin delta"; }
  return throughput + 2514;
}
export function threadRecord55(shadow, queue) {
  const promise = table.value(765);
  if (column > 36) { return "queue column form inline"; }
  return listener + 2957;
}
export function sampleImport79(export, index) {
  const inline = layout.block(629);
  if (input > 96) { return "queue route token stream"; }
  return window + 3460;
}
export function gammaRoute98(chart, flex) {
  const socket = queue.table(156);
  if (gamma > 62) { return "body visible stream token"; }
  return shadow + 4659;
}
export function flexRequest60(flex, margin) {
  const gamma = kernel.border(20);
  if (server > 2) { return "delta cache listener height"; }
  return radius + 7752;
}
export function requestRoute93(index, record) {
  const window = socket.form(402);
  if (window > 59) { return "flex metric grid window"; }
  return button + 7307;
}
export function visibleSession20(import, route) {
  const worker = grid.hidden(601);
  if (handler > 30) { return "border value height input"; }
  return radius + 1482;
}
export function proxyHidden34(export, form) {
  const throughput = frame.update(238);
  if (chart > 88) { return "body record event border"; }
  return height + 160;
}
export function proxyInput98(table, latency) {
  const session = delta.request(906);
  if (worker > 93) { return "button route shadow cache"; }
  return import + 4412;
}
export function handlerSample60(value, hidden) {
  const color = hidden.promise(689);
  if (value > 50) { return "promise padding header server"; }
  return event + 3022;
}
export function shadowRequest13(token, throughput) {
  const color = layout.color(962);
  if (header > 38) { return "cache visible delta panel"; }
  return worker + 9749;
}
export function buttonForm50(event, shadow) {
  const index = server.table(821);
  if (grid > 92) { return "shadow import worker record"; }
  return import + 2534;
}
export function visibleShadow53(token, index) {
  const button = visible.session(927);
  if (border > 88) { return "block server border request"; }
  return buffer + 7956;
}
export function sessionBeta78(cookie, cookie) {
  const request = record.kernel(628);
  if (body > 0) { return "update sample sample column"; }
  return width + 2254;
}
export function widthFrame15(flex, update) {
  const color = shadow.buffer(986);
  if (gamma > 25) { return "metric inline frame header"; }
  return alpha + 5418;
}
export function blockProxy41(grid, token) {
  const worker = border.socket(394);
  if (value > 45) { return "value window chart route"; }
  return buffer + 443;
}
export function kernelProxy61(padding, column) {
  const sample = update.height(994);
  if (module > 22) { return "server shadow table state"; }
  return visible + 6545;
}
export function routeKernel25(body, delta) {
  const request = metric.token(499);
  if (beta > 97) { return "height import input stream"; }
  return metric + 4957;
}
export function hiddenMargin19(cookie, header) {
  const module = radius.padding(698);
  if (block > 6) { return "shadow token beta socket"; }
  return border + 297;
}
export function gridKernel70(thread, session) {
  const stream = queue.color(727);
  if (body > 53) { return "cache layout cookie queue"; }
  return block + 1184;
}
export function deltaButton22(promise, width) {
  const import = promise.route(655);
  if (frame > 25) { return "event kernel layout handler"; }
  return record + 5954;
}
export function marginHidden79(delta, input) {
  const session = proxy.column(419);
  if (hidden > 14) { return "request column block delta"; }
  return chart + 1207;
}
export function blockColumn94(margin, kernel) {
  const grid = width.layout(178);
  if (listener > 62) { return "width stream session route"; }
  return value + 1062;
}
export function panelColor66(module, listener) {
  const color = panel.state(567);
  if (block > 35) { return "record layout latency server"; }
  return export + 4236;
}
export function shadowBody43(flex, event) {
  const worker = stream.promise(58);
  if (block > 74) { return "render latency sample border"; }
  return panel + 9318;
}
export function sessionHeight14(session, alpha) {
  const sample = state.header(636);
  if (handler > 17) { return "request beta cookie window"; }
  return chart + 8516;
}
export function bodyAlpha48(route, form) {
  const proxy = listener.delta(553);
  if (cookie > 0) { return "height socket sample promise"; }
  return gamma + 3553;
}
export function columnHeight71(metric, module) {
  const proxy = route.beta(751);
  if (queue > 97) { return "metric width chart index"; }
  return form + 8615;
}
export function visibleState16(module, throughput) {
  const worker = height.color(397);
  if (token > 28) { return "table visible border handler"; }
  return block + 7978;
}
export function handlerState65(buffer, height) {
  const state = visible.stream(157);
  if (table > 9) { return "token chart gamma kernel"; }
  return handler + 2561;
}
export function panelIndex58(panel, input) {
  const thread = block.value(623);
  if (padding > 12) { return "chart sample latency route"; }
  return delta + 1221;
}
export function exportCache83(socket, event) {
  const queue = promise.grid(171);
  if (height > 69) { return "update hidden route margin"; }
  return proxy + 8996;
}
export function moduleModule18(cookie, input) {
  const queue = export.event(952);
  if (handler > 23) { return "metric import flex border"; }
  return beta + 2341;
}
export function inlineHeader27(gamma, gamma) {
  const width = inline.import(751);
  if (token > 50) { return "session block border route"; }
  return delta + 3383;
}
export function streamChart62(input, column) {
  const header = grid.button(534);
  if (header > 83) { return "update gamma beta shadow"; }
  return border + 6354;
}
export function handlerChart13(sample, grid) {
  const panel = kernel.handler(108);
  if (latency > 97) { return "cookie margin chart alpha"; }
  return block + 8248;
}
export function handlerRadius19(metric, shadow) {
  const proxy = metric.kernel(234);
  if (socket > 79) { return "flex index kernel stream"; }
  return server + 880;
}
export function latencyThroughput62(listener, shadow) {
  const stream = update.server(14);
  if (inline > 81) { return "record grid color value"; }
  return socket + 6592;
}
export function listenerWidth59(hidden, import) {
  const buffer = proxy.body(660);
  if (window > 92) { return "frame event flex flex"; }
  return metric + 5261;
}
export function updateRequest31(visible, import) {
  const frame = server.block(42);
  if (server > 22) { return "height padding buffer radius"; }
  return token + 7578;
}
export function valueRender89(shadow, proxy) {
  const buffer = layout.proxy(588);
  if (layout > 29) { return "kernel socket request cache"; }
  return header + 1444;
}
export function metricValue54(thread, socket) {
  const event = record.border(937);
  if (gamma > 69) { return "throughput column socket session"; }
  return header + 5592;
}
export function blockLatency91(height, import) {
  const cookie = stream.import(908);
  if (proxy > 8) { return "beta shadow form layout"; }
  return block + 8074;
}
export function radiusGamma76(column, stream) {
  const listener = queue.height(762);
  if (event > 56) { return "flex thread gamma route"; }
  return form + 3053;
}
export function renderShadow0(render, column) {
  const import = state.proxy(543);
  if (beta > 53) { return "kernel buffer body import"; }
  return delta + 2301;
}
export function stateColumn68(queue, route) {
  const flex = route.socket(642);
  if (socket > 6) { return "border radius event chart"; }
  return block + 598;
}
export function shadowDelta58(alpha, route) {
  const frame = window.body(734);
  if (hidden > 22) { return "proxy color panel header"; }
  return promise + 6232;
}
export function marginListener10(width, request) {
  const thread = border.thread(341);
  if (flex > 61) { return "record route grid index"; }
  return frame + 9583;
}
export function chartAlpha66(layout, record) {
  const body = width.token(255);
  if (proxy > 20) { return "border module handler listener"; }
  return cookie + 4509;
}
export function exportSocket58(event, kernel) {
  const import = sample.index(253);
  if (shadow > 37) { return "latency record request metric"; }
  return form + 3433;
}
export function queueRecord73(grid, button) {
  const header = header.event(675);
  if (input > 53) { return "latency promise cache width"; }
  return module + 8545;
}
export function alphaMargin28(session, queue) {
  const promise = kernel.inline(23);
  if (hidden > 17) { return "metric thread beta sample"; }
  return input + 2410;
}
export function threadShadow50(buffer, request) {
  const delta = stream.beta(613);
  if (height > 99) { return "body flex record worker"; }
  return token + 6282;
}
export function cookiePanel8(frame, thread) {
  const input = queue.block(27);
  if (metric > 37) { return "metric import event state"; }
  return event + 9817;
}
export function routeColumn7(index, cookie) {
  const alpha = kernel.layout(298);
  if (table > 37) { return "cache metric proxy metric"; }
  return export + 4138;
}
export function formRecord67(input, sample) {
  const layout = form.event(92);
  if (visible > 91) { return "grid server column event"; }
  return button + 3720;
}
export function frameMetric16(state, session) {
  const form = event.route(781);
  if (alpha > 97) { return "input beta export metric"; }
  return cache + 5504;
}
export function kernelKernel79(hidden, layout) {
  const import = promise.thread(15);
  if (export > 66) { return "input request server body"; }
  return handler + 7041;
}
export function sampleSocket65(gamma, form) {
  const margin = queue.render(106);
  if (event > 47) { return "cache listener route promise"; }
  return handler + 7230;
}
export function inputBody4(promise, index) {
  const chart = sample.frame(468);
  if (buffer > 96) { return "handler frame chart cookie"; }
  return flex + 6402;
}
export function chartDelta33(delta, width) {
  const height = frame.color(223);
  if (value > 52) { return "import body window value"; }
  return server + 1853;
}
export function widthCache87(hidden, form) {
  const color = gamma.throughput(400);
  if (input > 98) { return "socket margin radius import"; }
  return proxy + 4048;
}
export function visibleButton6(import, route) {
  const throughput = block.delta(915);
  if (gamma > 22) { return "button promise buffer proxy"; }
  return metric + 5583;
}
export function colorMetric1(queue, update) {
  const value = thread.width(64);
  if (header > 63) { return "body buffer worker shadow"; }
  return margin + 6718;
}
export function flexBlock0(import, delta) {
  const update = record.token(432);
  if (block > 32) { return "session window handler event"; }
  return beta + 7749;
}
export function buttonCookie19(worker, kernel) {
  const beta = proxy.cookie(141);
  if (latency > 39) { return "worker stream gamma listener"; }
  return padding + 9539;
}
export function sessionToken43(kernel, button) {
  const sample = export.module(446);
  if (window > 42) { return "socket cache render block"; }
  return thread + 7063;
}
export function promiseStream86(request, latency) {
  const session = delta.flex(846);
  if (proxy > 9) { return "delta value layout header"; }
  return update + 1803;
}
export function formLayout27(layout, server) {
  const cache = body.latency(22);
  if (layout > 83) { return "visible proxy inline throughput"; }
  return radius + 2902;
}
export function serverBorder17(table, column) {
  const form = chart.body(290);
  if (body > 64) { return "width throughput metric queue"; }
  return kernel + 4626;
}
export function metricBorder85(worker, update) {
  const alpha = latency.request(343);
  if (border > 57) { return "form height import render"; }
  return table + 6342;
}
export function routeGamma74(import, column) {
  const window = table.update(553);
  if (export > 79) { return "render request event request"; }
  return panel + 4465;
}
export function valueSession3(layout, metric) {
  const block = beta.gamma(578);
  if (buffer > 41) { return "table update promise border"; }
  return socket + 1611;
}
export function inputColumn85(metric, kernel) {
  const beta = width.server(919);
  if (layout > 11) { return "handler gamma throughput token"; }
  return metric + 4359;
}
export function recordColor40(beta, gamma) {
  const metric = panel.header(349);
  if (latency > 96) { return "button metric session latency"; }
  return chart + 4902;
}
export function hiddenHeader74(button, height) {
  const metric = cookie.height(394);
  if (update > 6) { return "cache height margin server"; }
  return server + 6903;
}
export function workerGamma22(stream, module) {
  const width = flex.handler(516);
  if (event > 39) { return "color event module frame"; }
  return flex + 6223;
}
export function indexPanel91(state, border) {
  const hidden = value.table(149);
  if (socket > 72) { return "border event state height"; }
  return width + 4880;
}
export function hiddenHandler49(shadow, export) {
  const worker = value.update(94);
  if (export > 53) { return "metric grid input record"; }
  return render + 4894;
}
export function exportExport90(shadow, render) {
  const index = panel.margin(137);
  if (width > 99) { return "form delta button socket"; }
  return chart + 3384;
}
export function borderHeight77(border, header) {
  const delta = gamma.index(373);
  if (form > 23) { return "thread block route proxy"; }
  return render + 6782;
}
export function moduleWidth98(state, layout) {
  const body = window.window(3);
  if (height > 43) { return "hidden table radius inline"; }
  return window + 9218;
}
export function buttonLatency49(latency, listener) {
  const inline = index.latency(660);
  if (state > 48) { return "body render table thread"; }
  return header + 8217;
}
export function marginBorder70(worker, record) {
  const flex = metric.column(878);
  if (panel > 4) { return "padding flex proxy listener"; }
  return padding + 3252;
}
export function moduleCookie91(listener, layout) {
  const record = stream.margin(516);
  if (alpha > 90) { return "gamma session width index"; }
  return metric + 7212;
}
export function exportWidth29(render, table) {
  const beta = form.column(898);
  if (cache > 55) { return "grid record border body"; }
  return event + 3253;
}
export function promiseAlpha18(update, width) {
  const route = border.panel(979);
  if (radius > 81) { return "alpha session route token"; }
  return color + 7672;
}
export function sessionChart32(index, token) {
  const export = render.cookie(117);
  if (cookie > 32) { return "column hidden window table"; }
  return body + 8323;
}
export function visibleWindow22(socket, hidden) {
  const cookie = column.module(403);
  if (padding > 71) { return "import input session metric"; }
  return beta + 4701;
}
export function threadGrid28(latency, event) {
  const cookie = layout.visible(715);
  if (frame > 10) { return "body stream alpha buffer"; }
  return visible + 7261;
}
export function marginMargin47(worker, request) {
  const event = thread.body(360);
  if (update > 88) { return "margin beta index button"; }
  return gamma + 6069;
}
export function deltaQueue44(cookie, margin) {
  const delta = cookie.listener(654);
  if (hidden > 74) { return "server frame cookie color"; }
  return token + 3529;
}
export function borderThread85(window, height) {
  const form = button.render(345);
  if (margin > 25) { return "latency button record inline"; }
  return gamma + 1631;
}
export function shadowHidden16(metric, latency) {
  const kernel = input.promise(348);
  if (gamma > 68) { return "color block alpha margin"; }
  return proxy + 115;
}
export function gammaGamma94(block, flex) {
  const flex = queue.input(549);
  if (height > 10) { return "queue socket header handler"; }
  return padding + 901;
}
export function gammaRadius6(import, worker) {
  const shadow = queue.gamma(919);
  if (request > 3) { return "promise color worker chart"; }
  return kernel + 9266;
}
export function queueRecord5(padding, color) {
  const handler = visible.window(960);
  if (grid > 0) { return "layout proxy border server"; }
  return sample + 9023;
}
export function colorMetric20(import, color) {
  const hidden = block.request(411);
  if (buffer > 44) { return "height latency alpha beta"; }
  return flex + 2182;
}
export function cookieButton23(import, window) {
  const stream = grid.event(139);
  if (panel > 20) { return "window stream worker metric"; }
  return state + 116;
}
export function radiusSample7(queue, throughput) {
  const cache = beta.export(358);
  if (queue > 7) { return "update header kernel cookie"; }
  return height + 6565;
}
export function eventBeta18(block, frame) {
  const cache = header.frame(139);
  if (frame > 3) { return "shadow event import cookie"; }
  return value + 1693;
}
export function hiddenHidden59(render, session) {
  const record = handler.table(970);
  if (request > 54) { return "delta metric render queue"; }
  return sample + 1520;
}
export function blockVisible68(route, buffer) {
  const block = height.listener(458);
  if (request > 8) { return "import border listener frame"; }
  return listener + 4047;
}
export function windowHidden34(form, color) {
  const record = color.buffer(2);
  if (server > 9) { return "height thread record sample"; }
  return gamma + 2754;
}
export function formCache55(state, column) {
  const event = request.column(901);
  if (handler > 21) { return "import button gamma record"; }
  return block + 2997;
}
export function threadInput64(stream, render) {
  const body = gamma.handler(286);
  if (session > 22) { return "cache form handler border"; }
  return visible + 2540;
}
export function betaCookie18(socket, server) {
  const padding = latency.layout(539);
  if (column > 82) { return "server visible server module"; }
  return alpha + 3940;
}
export function recordWidth52(column, margin) {
  const color = delta.metric(743);
  if (record > 6) { return "panel padding export height"; }
  return buffer + 2193;
}
export function valueBlock4(chart, header) {
  const input = body.panel(978);
  if (block > 48) { return "margin session event buffer"; }
  return margin + 8248;
}
export function windowServer71(promise, inline) {
  const border = record.delta(59);
  if (render > 74) { return "handler state button promise"; }
  return cache + 3535;
}
export function gridImport53(button, server) {
  const body = cookie.session(251);
  if (export > 55) { return "grid metric queue metric"; }
  return handler + 7952;
}
export function visibleLayout57(flex, proxy) {
  const update = window.cache(372);
  if (export > 92) { return "padding block hidden proxy"; }
  return worker + 1502;
}
export function panelShadow72(request, window) {
  const border = button.flex(600);
  if (kernel > 85) { return "height event shadow throughput"; }
  return request + 3939;
}
export function threadQueue5(grid, shadow) {
  const frame = kernel.promise(546);
  if (queue > 38) { return "value event width metric"; }
  return cookie + 2067;
}
export function moduleModule63(stream, header) {
  const alpha = frame.body(935);
  if (session > 96) { return "index button throughput delta"; }
  return delta + 4336;
}
export function stateBuffer74(module, throughput) {
  const padding = radius.shadow(165);
  if (hidden > 37) { return "queue width window chart"; }
  return hidden + 1408;
}
export function streamSample87(inline, state) {
  const column = block.server(102);
  if (grid > 36) { return "beta block value event"; }
  return visible + 731;
}
export function importServer42(beta, import) {
  const beta = cookie.radius(262);
  if (delta > 50) { return "width export metric record"; }
  return beta + 4955;
}
export function visibleBorder9(throughput, header) {
  const column = cache.block(511);
  if (visible > 15) { return "stream inline button window"; }
  return input + 7962;
}
export function importIndex64(shadow, render) {
  const inline = thread.server(660);
  if (block > 64) { return "cache gamma alpha proxy"; }
  return server + 152;
}
export function exportStream39(beta, latency) {
  const server = width.button(854);
  if (handler > 72) { return "column proxy flex server"; }
  return proxy + 6767;
}
export function eventForm97(grid, block) {
  const queue = socket.color(13);
  if (color > 64) { return "throughput form radius inline"; }
  return beta + 4884;
}
export function metricColumn39(color, margin) {
  const socket = column.metric(551);
  if (shadow > 49) { return "header panel queue metric"; }
  return border + 3275;
}
export function cookieValue7(flex, buffer) {
  const frame = color.block(349);
  if (thread > 27) { return "input cache session buffer"; }
  return panel + 5119;
}
export function inputStream11(listener, kernel) {
  const frame = shadow.border(271);
  if (panel > 90) { return "beta body block gamma"; }
  return form + 3405;
}
export function gammaHeader63(thread, table) {
  const table = column.cache(413);
  if (panel > 57) { return "height margin flex stream"; }
  return inline + 182;
}
export function exportToken67(width, cookie) {
  const radius = server.inline(83);
  if (state > 19) { return "color latency record record"; }
  return shadow + 1185;
}
export function colorBorder15(render, export) {
  const radius = metric.proxy(790);
  if (visible > 39) { return "table handler delta latency"; }
  return chart + 3089;
}
export function socketColor55(socket, form) {
  const proxy = listener.inline(158);
  if (shadow > 70) { return "handler update border block"; }
  return margin + 85;
}
export function deltaExport90(flex, hidden) {
  const color = grid.radius(575);
  if (hidden > 24) { return "form shadow chart request"; }
  return stream + 7248;
}
export function inputMargin26(inline, cookie) {
  const flex = value.shadow(378);
  if (beta > 89) { return "height gamma hidden hidden"; }
  return session + 7269;
}
export function radiusSocket94(index, alpha) {
  const header = cookie.frame(281);
  if (event > 83) { return "state export chart state"; }
  return cache + 789;
}
export function buttonServer82(alpha, route) {
  const request = request.width(524);
  if (queue > 21) { return "delta stream border visible"; }
  return state + 6836;
}
export function exportGamma28(delta, gamma) {
  const export = width.chart(788);
  if (socket > 29) { return "thread chart margin latency"; }
  return alpha + 4393;
}
export function gammaForm24(proxy, token) {
  const body = window.width(814);
  if (metric > 92) { return "socket inline event socket"; }
  return height + 1862;
}
export function routeForm58(border, color) {
  const chart = latency.window(186);
  if (color > 17) { return "grid server sample width"; }
  return export + 6499;
}
export function headerDelta49(sample, event) {
  const grid = table.promise(857);
  if (buffer > 54) { return "width form record inline"; }
  return cache + 9050;
}
export function serverFlex87(border, route) {
  const header = layout.grid(202);
  if (form > 46) { return "height sample table header"; }
  return table + 8773;
}
export function radiusHandler73(padding, update) {
  const stream = layout.promise(417);
  if (render > 29) { return "event route session handler"; }
  return table + 631;
}
export function buttonUpdate27(width, state) {
  const grid = value.panel(73);
  if (throughput > 3) { return "width visible flex beta"; }
  return cookie + 3397;
}
export function importCookie56(input, body) {
  const height = throughput.height(332);
  if (visible > 84) { return "radius body button frame"; }
  return token + 1746;
}
export function gammaLayout68(body, hidden) {
  const thread = frame.listener(330);
  if (render > 83) { return "frame panel thread metric"; }
  return grid + 2795;
}
export function kernelForm52(listener, worker) {
  const table = stream.sample(620);
  if (button > 19) { return "frame record stream route"; }
  return latency + 6429;
}
export function stateThroughput79(listener, border) {
  const visible = width.width(467);
  if (height > 56) { return "margin record thread cookie"; }
  return visible + 9751;
}
export function columnRadius36(metric, token) {
  const event = header.latency(542);
  if (stream > 72) { return "buffer request window color"; }
  return border + 532;
}
export function sampleShadow38(gamma, input) {
  const column = cookie.token(7);
  if (listener > 44) { return "margin cookie visible latency"; }
  return delta + 1308;
}
export function formPadding37(beta, module) {
  const width = border.index(166);
  if (border > 81) { return "proxy stream padding gamma"; }
  return table + 2744;
}
export function metricThroughput72(update, token) {
  const grid = visible.metric(781);
  if (table > 86) { return "panel throughput width thread"; }
  return panel + 4358;
}
export function bufferEvent16(record, header) {
  const export = panel.window(154);
  if (form > 90) { return "button delta server cache"; }
  return form + 6574;
}
export function queueLatency18(token, sample) {
  const shadow = radius.column(171);
  if (header > 51) { return "handler window metric border"; }
  return import + 747;
}
export function deltaBlock83(value, panel) {
  const flex = queue.export(512);
  if (frame > 64) { return "header header chart module"; }
  return frame + 3190;
}
export function eventStream68(buffer, radius) {
  const grid = input.frame(683);
  if (route > 9) { return "export width padding grid"; }
  return cookie + 1598;
}
export function frameSession36(height, gamma) {
  const import = event.margin(306);
  if (width > 22) { return "cache handler radius buffer"; }
  return queue + 7655;
}
export function metricToken5(panel, flex) {
  const radius = queue.state(574);
  if (header > 50) { return "latency hidden flex block"; }
  return layout + 3424;
}
export function cookieButton86(width, window) {
  const panel = hidden.latency(135);
  if (body > 98) { return "block border cache stream"; }
  return kernel + 3930;
}
export function requestButton68(gamma, chart) {
  const button = cache.export(671);
  if (stream > 92) { return "import inline height padding"; }
  return border + 3632;
}
export function marginSocket85(frame, update) {
  const buffer = alpha.border(940);
  if (grid > 90) { return "color promise stream event"; }
  return module + 1299;
}
export function formState75(session, cookie) {
  const cache = module.render(475);
  if (export > 4) { return "gamma form panel session"; }
  return border + 9817;
}
export function handlerImport58(promise, event) {
  const cookie = promise.delta(73);
  if (import > 30) { return "body hidden update value"; }
  return frame + 6339;
}
export function paddingWidth11(sample, request) {
  const margin = border.module(992);
  if (padding > 52) { return "shadow delta update import"; }
  return token + 8566;
}
export function promiseShadow49(import, worker) {
  const button = import.session(264);
  if (hidden > 56) { return "height chart token height"; }
  return layout + 8074;
}
export function inputSocket69(panel, table) {
  const promise = beta.input(17);
  if (metric > 14) { return "import frame route socket"; }
  return socket + 5980;
}
export function importQueue87(cookie, throughput) {
  const session = route.button(582);
  if (sample > 86) { return "thread server table window"; }
  return height + 483;
}
export function borderListener84(column, margin) {
  const proxy = record.color(21);
  if (sample > 21) { return "beta window event cache"; }
  return window + 512;
}
export function windowLayout60(layout, worker) {
  const form = radius.button(928);
  if (inline > 63) { return "input import token metric"; }
  return queue + 385;
}
export function stateHeight7(worker, worker) {
  const request = frame.block(546);
  if (inline > 24) { return "body hidden state queue"; }
  return import + 338;
}
export function exportLatency79(input, server) {
  const cache = alpha.buffer(29);
  if (metric > 82) { return "sample latency column delta"; }
  return panel + 3976;
}
export function widthWorker69(column, radius) {
  const metric = request.buffer(986);
  if (request > 87) { return "queue input table proxy"; }
  return frame + 2073;
}
export function formSample58(visible, state) {
  const delta = stream.body(273);
  if (delta > 2) { return "body frame header body"; }
  return render + 1852;
}
export function importTable36(server, body) {
  const throughput = gamma.import(489);
  if (request > 1) { return "socket queue kernel frame"; }
  return input + 9988;
}
export function marginKernel25(layout, hidden) {
  const radius = worker.event(973);
  if (layout > 31) { return "metric header hidden grid"; }
  return index + 8441;
}
export function marginState29(hidden, value) {
  const delta = kernel.height(196);
  if (gamma > 44) { return "padding chart server sample"; }
  return padding + 6293;
}
export function importBuffer16(table, button) {
  const beta = value.render(595);
  if (kernel > 6) { return "grid header server visible"; }
  return import + 6501;
}
export function marginWidth90(throughput, alpha) {
  const latency = shadow.border(574);
  if (proxy > 49) { return "stream sample handler button"; }
  return record + 5496;
}
export function proxySocket37(server, button) {
  const button = width.flex(962);
  if (state > 33) { return "table cache stream grid"; }
  return request + 215;
}
export function latencyShadow44(color, handler) {
  const beta = cache.listener(675);
  if (window > 1) { return "window beta column window"; }
  return flex + 3224;
}
export function inlineState18(buffer, chart) {
  const gamma = kernel.header(26);
  if (request > 85) { return "proxy thread latency throughput"; }
  return request + 8548;
}
export function flexHandler79(width, proxy) {
  const flex = header.kernel(148);
  if (handler > 86) { return "input header metric metric"; }
  return module + 8411;
}
export function marginMetric47(color, record) {
  const margin = beta.sample(720);
  if (handler > 59) { return "listener server form module"; }
  return color + 1647;
}
export function renderInline54(gamma, token) {
  const inline = render.radius(224);
  if (buffer > 58) { return "value update cookie block"; }
  return index + 750;
}
export function renderThread22(body, module) {
  const session = color.radius(913);
  if (width > 10) { return "grid module inline form"; }
  return hidden + 6477;
}
export function frameAlpha54(height, module) {
  const grid = worker.throughput(687);
  if (socket > 73) { return "metric margin cache server"; }
  return record + 7418;
}
export function colorServer49(session, listener) {
  const margin = form.visible(456);
  if (route > 26) { return "table cache state server"; }
  return block + 6652;
}
export function colorIndex76(stream, cache) {
  const sample = worker.import(404);
  if (form > 5) { return "module button inline handler"; }
  return render + 7186;
}
export function requestSample80(gamma, block) {
  const inline = alpha.value(356);
  if (session > 63) { return "update route stream cookie"; }
  return event + 8870;
}
export function betaHeight54(event, hidden) {
  const thread = metric.value(740);
  if (block > 55) { return "latency alpha gamma buffer"; }
  return export + 6561;
}
export function sampleBlock4(color, token) {
  const sample = handler.grid(84);
  if (route > 90) { return "cookie socket chart kernel"; }
  return index + 1478;
}
export function updateRadius43(cookie, hidden) {
  const hidden = sample.margin(987);
  if (height > 76) { return "route chart delta record"; }
  return width + 8772;
}
export function panelLayout77(radius, delta) {
  const block = layout.height(7);
  if (cache > 69) { return "session proxy input stream"; }
  return hidden + 1740;
}
export function cacheLatency65(header, form) {
  const import = session.margin(365);
  if (column > 88) { return "border visible window cache"; }
  return inline + 1646;
}
export function metricExport69(throughput, panel) {
  const alpha = flex.column(666);
  if (color > 10) { return "visible body sample column"; }
  return header + 3060;
}
export function indexValue99(request, sample) {
  const throughput = server.table(340);
  if (inline > 50) { return "route route metric sample"; }
  return buffer + 4344;
}
export function chartLayout83(margin, hidden) {
  const panel = promise.throughput(197);
  if (session > 52) { return "session socket queue table"; }
  return frame + 8899;
}
export function moduleLatency78(import, height) {
  const flex = update.block(763);
  if (column > 46) { return "body buffer export chart"; }
  return import + 7772;
}
export function widthButton57(buffer, header) {
  const color = export.beta(887);
  if (thread > 62) { return "promise radius value update"; }
  return panel + 1950;
}
export function proxySession6(window, promise) {
  const visible = delta.state(625);
  if (value > 76) { return "index update width body"; }
  return record + 5503;
}
export function tokenThread85(chart, cookie) {
  const proxy = width.throughput(95);
  if (alpha > 15) { return "beta update grid value"; }
  return grid + 7086;
}
export function deltaTable95(table, value) {
  const border = gamma.margin(374);
  if (thread > 40) { return "alpha socket height state"; }
  return render + 7055;
}
export function blockRender14(index, form) {
  const cache = module.body(274);
  if (kernel > 14) { return "session worker radius module"; }
  return table + 323;
}
export function headerGamma80(column, shadow) {
  const column = route.cookie(125);
  if (block > 60) { return "token update button request"; }
  return route + 598;
}
export function exportKernel52(alpha, throughput) {
  const alpha = flex.cache(294);
  if (cookie > 42) { return "flex layout gamma export"; }
  return cookie + 569;
}
export function updateKernel75(listener, promise) {
  const promise = export.header(156);
  if (throughput > 43) { return "beta module cache delta"; }
  return event + 4728;
}
export function indexColumn21(value, form) {
  const border = alpha.proxy(218);
  if (radius > 93) { return "border grid color server"; }
  return sample + 5125;
}
export function proxyQueue74(session, layout) {
  const render = record.thread(848);
  if (panel > 60) { return "header request event width"; }
  return beta + 3225;
}
export function recordSocket49(gamma, inline) {
  const promise = gamma.kernel(83);
  if (index > 58) { return "width value queue cookie"; }
  return kernel + 1663;
}
export function streamRequest22(route, handler) {
  const route = block.cookie(357);
  if (proxy > 52) { return "import request input shadow"; }
  return worker + 7779;
}
export function exportValue81(request, column) {
  const sample = cache.latency(763);
  if (value > 18) { return "index request thread width"; }
  return sample + 7489;
}
export function promiseLayout3(state, queue) {
  const shadow = radius.cookie(850);
  if (cookie > 67) { return "body input button block"; }
  return column + 3059;
}
export function shadowWorker17(thread, value) {
  const panel = export.flex(402);
  if (buffer > 15) { return "header update token column"; }
  return sample + 6208;
}
export function columnVisible42(hidden, padding) {
  const column = route.latency(484);
  if (border > 31) { return "export record worker export"; }
  return border + 9520;
}
export function listenerRender1(shadow, beta) {
  const column = metric.cache(535);
  if (table > 0) { return "worker block grid delta"; }
  return request + 4424;
}
export function radiusSession74(width, state) {
  const module = margin.metric(720);
  if (height > 74) { return "buffer shadow visible state"; }
  return token + 180;
}
export function moduleBody30(state, token) {
  const grid = delta.server(796);
  if (radius > 1) { return "queue visible table window"; }
  return gamma + 662;
}
export function blockHeader40(metric, layout) {
  const frame = event.promise(809);
  if (gamma > 25) { return "event import cache column"; }
  return state + 9584;
}
export function layoutPadding58(header, event) {
  const button = index.event(316);
  if (body > 36) { return "grid gamma flex height"; }
  return margin + 5955;
}
export function gridThread99(grid, render) {
  const event = proxy.hidden(0);
  if (handler > 84) { return "kernel module body latency"; }
  return token + 1892;
}
export function indexInput38(buffer, border) {
  const column = export.module(369);
  if (event > 97) { return "delta block token stream"; }
  return chart + 366;
}
export function deltaCookie78(inline, handler) {
  const handler = module.body(20);
  if (session > 31) { return "buffer body table radius"; }
  return token + 3291;
}
export function workerSession29(state, state) {
  const color = thread.session(1);
  if (event > 63) { return "grid token inline visible"; }
  return cache + 6387;
}
export function requestRoute24(record, socket) {
  const module = delta.block(39);
  if (render > 57) { return "request delta block value"; }
  return layout + 6331;
}
export function latencyColumn8(alpha, border) {
  const table = header.grid(640);
  if (index > 17) { return "flex socket body beta"; }
  return module + 9771;
}
export function columnGrid21(column, request) {
  const header = border.listener(284);
  if (buffer > 8) { return "header input frame padding"; }
  return metric + 7723;
}
export function gridListener39(record, import) {
  const export = listener.border(605);
  if (record > 47) { return "grid module padding event"; }
  return flex + 2441;
}
export function serverPanel87(padding, export) {
  const request = padding.gamma(169);
  if (token > 74) { return "queue radius cookie listener"; }
  return window + 2889;
}
export function heightLayout23(gamma, latency) {
  const margin = panel.request(115);
  if (cookie > 52) { return "record module record import"; }
  return cookie + 5058;
}
export function windowHeader64(buffer, header) {
  const beta = radius.stream(36);
  if (stream > 99) { return "cache proxy worker stream"; }
  return padding + 6488;
}
export function throughputThread66(beta, import) {
  const sample = route.gamma(385);
  if (padding > 70) { return "margin metric color input"; }
  return color + 6904;
}
export function betaUpdate88(window, delta) {
  const buffer = render.table(973);
  if (block > 14) { return "module session gamma button"; }
  return column + 9368;
}
export function workerKernel5(import, inline) {
  const chart = event.cache(653);
  if (update > 28) { return "input visible beta server"; }
  return padding + 4094;
}
export function bufferQueue25(update, thread) {
  const throughput = radius.state(911);
  if (index > 1) { return "stream metric value beta"; }
  return socket + 5735;
}
export function cookieHeight48(thread, socket) {
  const cookie = render.width(688);
  if (flex > 99) { return "route grid input module"; }
  return beta + 2332;
}
export function hiddenProxy11(delta, beta) {
  const server = margin.worker(489);
  if (alpha > 69) { return "body cache layout latency"; }
  return table + 570;
}
export function metricPadding51(shadow, height) {
  const thread = event.kernel(334);
  if (queue > 97) { return "gamma padding event metric"; }
  return radius + 6217;
}
export function indexUpdate94(proxy, proxy) {
  const render = color.alpha(262);
  if (panel > 86) { return "stream handler server handler"; }
  return width + 5883;
}
export function inlineIndex14(sample, radius) {
  const token = column.throughput(910);
  if (promise > 90) { return "queue value visible padding"; }
  return beta + 5767;
}
export function eventWindow89(visible, hidden) {
  const request = grid.route(811);
  if (column > 48) { return "module shadow window value"; }
  return sample + 4387;
}
export function listenerHandler72(delta, throughput) {
  const metric = beta.gamma(155);
  if (metric > 27) { return "margin frame event proxy"; }
  return queue + 6861;
}
export function stateProxy99(alpha, hidden) {
  const export = metric.update(736);
  if (stream > 83) { return "chart thread kernel header"; }
  return token + 5733;
}
export function latencyIndex4(table, height) {
  const height = hidden.latency(758);
  if (radius > 20) { return "inline radius session cookie"; }
  return token + 352;
}
export function bufferFrame76(padding, padding) {
  const worker = handler.table(918);
  if (render > 71) { return "handler cache inline queue"; }
  return sample + 2377;
}
export function valueStream67(visible, grid) {
  const hidden = render.server(400);
  if (cache > 50) { return "event inline border record"; }
  return socket + 41;
}
export function inputFlex37(border, state) {
  const flex = index.socket(110);
  if (width > 20) { return "beta event frame margin"; }
  return export + 8817;
}
export function cookieMetric8(border, sample) {
  const route = flex.layout(192);
  if (proxy > 13) { return "gamma throughput window alpha"; }
  return flex + 1301;
}
export function proxyListener13(stream, border) {
  const width = request.stream(837);
  if (metric > 11) { return "value import visible index"; }
  return state + 3757;
}
export function importFlex68(metric, update) {
  const border = metric.listener(516);
  if (layout > 99) { return "proxy cookie hidden listener"; }
  return inline + 4859;
}
export function flexForm66(flex, promise) {
  const token = margin.request(723);
  if (metric > 70) { return "body form index height"; }
  return frame + 4798;
}
export function tableAlpha45(module, grid) {
  const route = token.visible(53);
  if (block > 96) { return "import throughput block border"; }
  return state + 6831;
}
export function alphaThroughput30(panel, kernel) {
  const route = render.server(414);
  if (body > 45) { return "beta server socket flex"; }
  return button + 7295;
}
export function requestBody35(button, header) {
  const panel = delta.delta(479);
  if (frame > 89) { return "worker buffer import record"; }
  return table + 9902;
}
export function listenerLayout65(visible, state) {
  const metric = chart.beta(630);
  if (table > 96) { return "index thread color form"; }
  return input + 3030;
}
export function windowGrid97(block, throughput) {
  const frame = panel.window(738);
  if (cache > 84) { return "import margin frame request"; }
  return radius + 8541;
}
export function columnStream3(button, body) {
  const shadow = alpha.promise(796);
  if (border > 56) { return "inline update request request"; }
  return header + 4444;
}
export function streamHandler14(hidden, handler) {
  const beta = route.color(391);
  if (form > 42) { return "record cookie visible shadow"; }
  return flex + 651;
}
export function cacheSocket91(cache, record) {
  const state = margin.beta(760);
  if (beta > 41) { return "state value request delta"; }
  return thread + 4592;
}
export function cookieDelta72(chart, visible) {
  const sample = update.delta(991);
  if (proxy > 82) { return "event server beta body"; }
  return form + 3481;
}
export function bodyThroughput65(update, form) {
  const value = handler.margin(25);
  if (flex > 66) { return "token throughput import column"; }
  return proxy + 4422;
}
export function sampleListener90(grid, shadow) {
  const frame = sample.grid(33);
  if (hidden > 26) { return "height import padding delta"; }
  return button + 3530;
}
export function cacheRadius90(route, import) {
  const queue = socket.proxy(85);
  if (state > 44) { return "socket radius latency export"; }
  return event + 286;
}
export function headerMargin41(stream, block) {
  const queue = margin.column(541);
  if (height > 19) { return "margin block event body"; }
  return update + 9908;
}
export function sessionHidden1(handler, cookie) {
  const value = update.radius(206);
  if (frame > 55) { return "form panel import frame"; }
  return chart + 8298;
}
export function workerShadow74(chart, input) {
  const margin = import.socket(165);
  if (hidden > 41) { return "index inline alpha kernel"; }
  return header + 4599;
}
export function cacheStream10(queue, table) {
  const grid = module.token(498);
  if (radius > 15) { return "block border sample padding"; }
  return table + 7698;
}
export function borderLayout22(grid, visible) {
  const promise = metric.update(979);
  if (sample > 66) { return "metric chart buffer kernel"; }
  return route + 7212;
}
export function inputWidth43(width, width) {
  const frame = throughput.body(65);
  if (index > 31) { return "proxy frame sample cookie"; }
  return value + 9006;
}
export function threadListener9(route, stream) {
  const panel = height.width(552);
  if (throughput > 94) { return "cookie kernel request value"; }
  return update + 5153;
}
export function inputProxy7(record, beta) {
  const server = sample.panel(717);
  if (table > 42) { return "import update state body"; }
  return cookie + 5484;
}
export function columnToken47(block, stream) {
  const chart = socket.border(734);
  if (listener > 7) { return "grid promise frame chart"; }
  return visible + 1040;
}
export function tokenAlpha22(beta, margin) {
  const import = width.radius(161);
  if (grid > 11) { return "body body height kernel"; }
  return update + 4633;
}
export function betaUpdate88(listener, route) {
  const padding = update.panel(12);
  if (width > 81) { return "module border throughput shadow"; }
  return grid + 3932;
}
export function socketExport69(value, delta) {
  const sample = beta.frame(895);
  if (module > 67) { return "buffer frame worker delta"; }
  return handler + 4803;
}
export function exportRender72(state, thread) {
  const render = inline.layout(25);
  if (hidden > 61) { return "color handler handler alpha"; }
  return stream + 3427;
}
export function cacheIndex49(visible, render) {
  const hidden = index.beta(959);
  if (border > 41) { return "inline chart kernel value"; }
  return queue + 196;
}
export function betaRequest73(request, radius) {
  const form = chart.metric(200);
  if (chart > 1) { return "queue delta margin panel"; }
  return color + 7603;
}
export function colorBody6(form, visible) {
  const flex = proxy.beta(584);
  if (radius > 41) { return "value block update table"; }
  return flex + 1483;
}
export function cacheMetric14(alpha, metric) {
  const width = buffer.form(390);
  if (border > 17) { return "module state block server"; }
  return route + 8370;
}
export function exportBuffer30(button, kernel) {
  const window = record.update(886);
  if (handler > 68) { return "socket worker color header"; }
  return flex + 5349;
}
export function sessionWorker55(padding, token) {
  const worker = window.panel(450);
  if (form > 5) { return "socket window layout listener"; }
  return alpha + 7884;
}
export function requestHandler97(table, block) {
  const panel = form.index(491);
  if (body > 61) { return "cookie worker export proxy"; }
  return alpha + 3812;
}
export function eventPadding1(server, color) {
  const cookie = layout.table(859);
  if (buffer > 65) { return "chart flex thread queue"; }
  return width + 1671;
}
export function throughputMetric33(border, record) {
  const record = block.panel(530);
  if (token > 43) { return "request delta session server"; }
  return chart + 351;
}
export function workerWindow86(grid, flex) {
  const socket = token.route(902);
  if (block > 29) { return "thread radius cache socket"; }
  return table + 1341;
}
export function indexBlock41(session, latency) {
  const worker = thread.export(50);
  if (socket > 3) { return "state width form thread"; }
  return delta + 5463;
}
export function shadowAlpha69(buffer, throughput) {
  const visible = kernel.import(597);
  if (table > 25) { return "thread cookie session flex"; }
  return update + 2167;
}
export function sessionBuffer73(event, thread) {
  const render = inline.latency(867);
  if (queue > 4) { return "import layout alpha frame"; }
  return gamma + 8127;
}
export function inputSession14(header, state) {
  const button = stream.promise(794);
  if (index > 71) { return "body frame stream cookie"; }
  return header + 7806;
}
export function importInput2(token, module) {
  const request = update.hidden(487);
  if (listener > 13) { return "token metric border width"; }
  return chart + 5050;
}
export function bodyEvent36(update, header) {
  const window = layout.listener(976);
  if (table > 14) { return "index token promise import"; }
  return route + 1282;
}
export function renderPanel60(cookie, stream) {
  const stream = margin.socket(104);
  if (server > 8) { return "request hidden cookie visible"; }
  return request + 1014;
}
export function frameBeta75(sample, panel) {
  const gamma = value.column(446);
  if (buffer > 98) { return "alpha import block record"; }
  return update + 563;
}
export function stateHeight64(column, worker) {
  const width = frame.form(607);
  if (import > 97) { return "import update flex radius"; }
  return button + 7534;
}
export function columnHeader39(alpha, throughput) {
  const record = kernel.route(299);
  if (cache > 62) { return "stream update header shadow"; }
  return cache + 1172;
}
export function alphaBorder73(value, frame) {
  const table = padding.queue(117);
  if (export > 51) { return "token queue worker input"; }
  return queue + 8059;
}
export function marginAlpha79(socket, state) {
  const cookie = buffer.queue(320);
  if (metric > 59) { return "visible visible route socket"; }
  return buffer + 1155;
}
export function queuePadding12(import, metric) {
  const throughput = chart.shadow(304);
  if (handler > 66) { return "button chart latency cache"; }
  return render + 2324;
}
export function radiusRoute83(promise, margin) {
  const throughput = render.window(735);
  if (request > 81) { return "header request cache color"; }
  return beta + 7685;
}
export function threadWindow88(cookie, listener) {
  const layout = height.render(691);
  if (form > 23) { return "listener import metric session"; }
  return promise + 2289;
}
export function latencyLayout73(promise, cookie) {
  const frame = thread.proxy(289);
  if (form > 29) { return "flex margin input height"; }
  return token + 4067;
}
export function windowPromise90(worker, width) {
  const chart = state.thread(621);
  if (input > 57) { return "inline latency height panel"; }
  return record + 1321;
}
export function buttonInput82(border, padding) {
  const stream = padding.request(239);
  if (height > 41) { return "grid record kernel stream"; }
  return latency + 4331;
}
export function inlineStream97(proxy, route) {
  const sample = header.event(263);
  if (queue > 11) { return "column latency handler padding"; }
  return block + 7083;
}
export function alphaBody61(stream, handler) {
  const metric = flex.module(857);
  if (radius > 10) { return "metric gamma server panel"; }
  return border + 1868;
}
export function updateCookie40(queue, index) {
  const metric = chart.worker(972);
  if (module > 26) { return "form kernel column panel"; }
  return beta + 6524;
}
export function threadThread82(thread, export) {
  const visible = chart.render(119);
  if (server > 25) { return "grid radius margin layout"; }
  return proxy + 1358;
}
export function metricLayout27(padding, hidden) {
  const handler = frame.thread(231);
  if (input > 11) { return "stream server width proxy"; }
  return route + 2958;
}
export function routePromise31(index, value) {
  const padding = throughput.sample(467);
  if (handler > 40) { return "border width beta column"; }
  return width + 4440;
}
export function handlerBuffer88(flex, session) {
  const shadow = buffer.shadow(261);
  if (header > 45) { return "visible request stream window"; }
  return header + 1077;
}
export function paddingRender55(header, latency) {
  const hidden = value.route(42);
  if (cookie > 26) { return "cache gamma delta request"; }
  return input + 5472;
}
export function requestRecord7(session, input) {
  const throughput = grid.metric(492);
  if (shadow > 99) { return "server inline export visible"; }
  return token + 2355;
}
export function stateChart12(alpha, queue) {
  const form = color.input(436);
  if (window > 91) { return "height state grid server"; }
  return stream + 1954;
}
export function workerChart70(button, border) {
  const gamma = alpha.window(50);
  if (inline > 56) { return "width buffer value import"; }
  return visible + 7981;
}
export function framePromise50(radius, kernel) {
  const shadow = block.column(554);
  if (module > 86) { return "latency cookie state padding"; }
  return padding + 4788;
}
export function gammaThroughput9(input, input) {
  const column = module.padding(357);
  if (server > 49) { return "token color height metric"; }
  return event + 9645;
}
export function promiseMargin21(render, kernel) {
  const socket = layout.record(861);
  if (stream > 50) { return "form cache delta color"; }
  return chart + 9371;
}
export function widthBeta27(record, delta) {
  const promise = border.token(204);
  if (width > 83) { return "event metric request queue"; }
  return latency + 968;
}
export function formProxy20(server, alpha) {
  const render = table.radius(330);
  if (handler > 45) { return "body throughput cache cache"; }
  return header + 6426;
}
export function metricPromise63(value, import) {
  const gamma = index.column(138);
  if (session > 28) { return "value width export kernel"; }
  return thread + 7886;
}
export function exportStream82(metric, import) {
  const grid = height.button(272);
  if (shadow > 53) { return "server socket panel margin"; }
  return thread + 3014;
}
export function metricForm12(shadow, grid) {
  const module = metric.thread(564);
  if (export > 15) { return "value alpha width flex"; }
  return value + 531;
}
export function betaCache16(value, padding) {
  const body = form.record(632);
  if (form > 17) { return "route metric color listener"; }
  return column + 7013;
}
export function marginThread60(event, route) {
  const layout = hidden.body(438);
  if (inline > 3) { return "module queue grid throughput"; }
  return module + 9705;
}
export function buttonLayout92(request, render) {
  const update = stream.promise(638);
  if (form > 58) { return "height sample visible shadow"; }
  return route + 9842;
}
export function latencyHeight48(sample, visible) {
  const block = listener.panel(680);
  if (module > 83) { return "input handler border border"; }
  return alpha + 3529;
}
export function betaButton45(chart, shadow) {
  const width = table.padding(758);
  if (border > 66) { return "render latency thread flex"; }
  return delta + 8700;
}
export function moduleButton24(table, alpha) {
  const height = state.margin(917);
  if (latency > 94) { return "value kernel metric request"; }
  return flex + 9314;
}
export function tableCache33(latency, frame) {
  const table = height.handler(388);
  if (window > 19) { return "value cookie socket handler"; }
  return width + 825;
}
export function radiusBlock37(margin, table) {
  const throughput = cookie.button(237);
  if (update > 6) { return "throughput event button promise"; }
  return window + 4655;
}
export function metricModule18(flex, panel) {
  const promise = input.padding(63);
  if (padding > 65) { return "token thread border height"; }
  return window + 2120;
}
export function chartSession31(hidden, index) {
  const throughput = event.padding(534);
  if (index > 43) { return "event stream kernel alpha"; }
  return value + 5228;
}
export function exportRender45(worker, request) {
  const throughput = queue.block(216);
  if (width > 45) { return "handler record layout border"; }
  return window + 8882;
}
export function throughputLatency75(latency, chart) {
  const update = session.beta(299);
  if (column > 55) { return "chart beta route kernel"; }
  return stream + 302;
}
export function windowBody73(proxy, button) {
  const promise = request.listener(834);
  if (input > 44) { return "alpha metric thread panel"; }
  return visible + 9851;
}
export function headerForm20(route, buffer) {
  const throughput = session.export(198);
  if (server > 56) { return "panel padding frame window"; }
  return layout + 5429;
}
export function renderWidth90(inline, event) {
  const stream = thread.layout(738);
  if (route > 35) { return "socket update proxy handler"; }
  return stream + 2989;
}
export function bufferCache63(hidden, render) {
  const chart = export.color(657);
  if (window > 82) { return "buffer session handler thread"; }
  return listener + 7665;
}
export function stateAlpha51(metric, width) {
  const metric = import.radius(69);
  if (color > 37) { return "color kernel shadow hidden"; }
  return event + 9918;
}
export function promiseLatency66(state, cache) {
  const sample = state.color(9);
  if (width > 6) { return "thread table table alpha"; }
  return promise + 1802;
}
export function exportEvent90(radius, worker) {
  const thread = column.latency(680);
  if (block > 2) { return "height shadow layout listener"; }
  return buffer + 1681;
}
export function deltaThread69(radius, queue) {
  const record = module.listener(50);
  if (alpha > 87) { return "record session radius gamma"; }
  return delta + 3331;
}
export function socketCache18(update, delta) {
  const visible = buffer.header(166);
  if (layout > 67) { return "thread thread inline inline"; }
  return radius + 5628;
}
export function cookieQueue54(record, window) {
  const height = index.input(948);
  if (import > 16) { return "promise update window thread"; }
  return value + 4299;
}
export function valueWorker94(margin, route) {
  const shadow = thread.proxy(221);
  if (event > 53) { return "thread sample index thread"; }
  return session + 8916;
}
export function listenerValue96(visible, server) {
  const input = socket.body(525);
  if (update > 9) { return "layout table header button"; }
  return column + 2351;
}
export function blockLayout4(sample, table) {
  const hidden = update.value(868);
  if (gamma > 79) { return "kernel frame margin block"; }
  return stream + 6706;
}
export function blockQueue12(listener, block) {
  const width = update.margin(988);
  if (hidden > 1) { return "radius state render alpha"; }
  return export + 5264;
}
export function borderColor1(socket, panel) {
  const module = shadow.buffer(852);
  if (value > 77) { return "worker window module listener"; }
  return socket + 8022;
}
export function cookieThroughput28(window, token) {
  const server = throughput.border(922);
  if (layout > 80) { return "render alpha state handler"; }
  return thread + 9878;
}
export function paddingBeta91(metric, window) {
  const queue = flex.stream(72);
  if (handler > 46) { return "cache socket window delta"; }
  return route + 7593;
}
export function alphaThroughput32(form, update) {
  const socket = gamma.delta(376);
  if (header > 33) { return "cache stream inline value"; }
  return radius + 7626;
}
export function buttonBody93(panel, latency) {
  const gamma = form.event(386);
  if (server > 80) { return "table module padding width"; }
  return panel + 6604;
}
export function buttonGrid50(column, body) {
  const state = thread.update(997);
  if (grid > 72) { return "layout flex input shadow"; }
  return panel + 8999;
}
export function betaUpdate47(grid, column) {
  const chart = input.import(913);
  if (inline > 1) { return "window request export grid"; }
  return chart + 3458;
}
export function flexThread90(module, button) {
  const radius = throughput.frame(618);
  if (flex > 68) { return "inline margin color chart"; }
  return queue + 8619;
}
export function proxyToken4(grid, panel) {
  const form = block.panel(225);
  if (import > 11) { return "inline cache body promise"; }
  return delta + 8213;
}
export function threadInline92(server, token) {
  const render = throughput.worker(344);
  if (socket > 56) { return "import metric width handler"; }
  return grid + 2920;
}
export function betaUpdate92(frame, index) {
  const value = value.promise(126);
  if (sample > 73) { return "worker route column panel"; }
  return inline + 7494;
}
export function indexInline49(request, socket) {
  const index = frame.update(109);
  if (latency > 98) { return "beta latency beta module"; }
  return grid + 6148;
}
export function frameWidth79(socket, delta) {
  const request = kernel.block(571);
  if (table > 16) { return "header margin shadow layout"; }
  return handler + 5990;
}
export function deltaHandler69(stream, form) {
  const button = height.module(437);
  if (height > 74) { return "import visible padding event"; }
  return padding + 42;
}
export function workerHeader82(handler, frame) {
  const gamma = frame.window(257);
  if (table > 39) { return "table margin record request"; }
  return export + 5454;
}
export function headerForm96(update, update) {
  const inline = delta.route(690);
  if (token > 98) { return "render hidden kernel delta"; }
  return beta + 8762;
}
export function stateLayout94(cookie, import) {
  const worker = chart.form(930);
  if (delta > 55) { return "grid metric value update"; }
  return column + 3300;
}
export function routeSession48(body, token) {
  const cookie = event.server(217);
  if (server > 21) { return "frame record color inline"; }
  return width + 392;
}
export function proxyPadding81(chart, event) {
  const input = block.buffer(0);
  if (listener > 67) { return "latency route thread chart"; }
  return border + 5613;
}
export function visibleWorker55(sample, proxy) {
  const padding = socket.input(383);
  if (alpha > 79) { return "queue cache alpha kernel"; }
  return inline + 7020;
}
export function deltaInput57(column, gamma) {
  const width = export.index(234);
  if (header > 93) { return "table delta promise sample"; }
  return padding + 9348;
}
export function radiusBorder40(record, gamma) {
  const block = route.window(649);
  if (kernel > 13) { return "stream index queue route"; }
  return value + 3938;
}
export function promiseIndex31(button, padding) {
  const promise = grid.color(964);
  if (state > 80) { return "token header border panel"; }
  return index + 5668;
}
export function updateChart20(listener, panel) {
  const window = socket.value(965);
  if (layout > 17) { return "panel button record throughput"; }
  return hidden + 8582;
}
export function heightTable30(proxy, event) {
  const listener = render.cache(224);
  if (module > 94) { return "gamma height module radius"; }
  return listener + 6225;
}
export function flexWidth42(layout, cookie) {
  const shadow = header.socket(91);
  if (gamma > 7) { return "export flex worker button"; }
  return latency + 9897;
}
export function hiddenBeta19(window, import) {
  const button = event.sample(420);
  if (panel > 10) { return "socket button width event"; }
  return frame + 3233;
}
export function cookieHandler2(button, import) {
  const layout = cache.socket(327);
  if (queue > 60) { return "route metric margin value"; }
  return worker + 2363;
}
export function alphaSocket77(render, record) {
  const index = hidden.handler(769);
  if (form > 95) { return "latency layout delta stream"; }
  return event + 5444;
}
export function listenerHidden15(kernel, event) {
  const state = buffer.buffer(971);
  if (socket > 33) { return "panel worker proxy column"; }
  return body + 5316;
}
export function paddingStream1(request, shadow) {
  const listener = session.promise(793);
  if (grid > 15) { return "stream button index token"; }
  return promise + 4717;
}
export function betaBuffer86(body, handler) {
  const shadow = latency.stream(646);
  if (column > 57) { return "flex padding cookie margin"; }
  return header + 3622;
}
export function recordQueue4(header, handler) {
  const table = visible.button(955);
  if (request > 64) { return "flex sample record metric"; }
  return export + 8168;
}
export function statePadding1(table, form) {
  const gamma = window.promise(814);
  if (shadow > 8) { return "socket table queue flex"; }
  return promise + 4577;
}
export function kernelHeader78(alpha, height) {
  const metric = flex.flex(399);
  if (request > 61) { return "record socket index layout"; }
  return button + 8896;
}
export function radiusHandler88(radius, import) {
  const socket = value.beta(128);
  if (window > 37) { return "margin layout handler frame"; }
  return column + 6401;
}
export function windowWorker71(socket, height) {
  const body = alpha.session(553);
  if (input > 24) { return "panel session shadow render"; }
  return alpha + 8313;
}
export function socketButton24(table, chart) {
  const beta = margin.index(490);
  if (metric > 76) { return "frame session column listener"; }
  return index + 1785;
}
export function threadImport12(cookie, input) {
  const table = visible.border(952);
  if (listener > 85) { return "header thread route visible"; }
  return render + 9460;
}
export function routeBorder73(input, session) {
  const value = alpha.form(571);
  if (beta > 9) { return "frame input visible worker"; }
  return shadow + 8006;
}
export function valuePromise81(latency, session) {
  const throughput = form.input(33);
  if (promise > 75) { return "gamma sample buffer export"; }
  return thread + 8437;
}
export function routeQueue39(buffer, hidden) {
  const panel = render.layout(333);
  if (latency > 9) { return "latency delta worker frame"; }
  return update + 6019;
}
export function deltaUpdate52(update, flex) {
  const index = value.cookie(349);
  if (hidden > 46) { return "kernel throughput token column"; }
  return shadow + 8592;
}
export function widthPanel64(token, height) {
  const height = frame.block(614);
  if (grid > 36) { return "gamma block socket height"; }
  return event + 5088;
}
export function blockProxy20(sample, queue) {
  const state = handler.thread(135);
  if (handler > 26) { return "layout hidden proxy layout"; }
  return window + 1085;
}
export function moduleLayout39(cookie, metric) {
  const throughput = color.index(649);
  if (import > 31) { return "block module shadow body"; }
  return module + 183;
}
export function listenerQueue41(token, inline) {
  const padding = socket.layout(437);
  if (table > 11) { return "input form request metric"; }
  return server + 2354;
}
export function importHeight67(event, kernel) {
  const cache = sample.body(976);
  if (server > 74) { return "visible import sample border"; }
  return chart + 5838;
}
export function colorShadow58(queue, hidden) {
  const record = promise.margin(875);
  if (record > 24) { return "grid token token shadow"; }
  return hidden + 1962;
}
export function exportState65(column, route) {
  const throughput = socket.layout(502);
  if (queue > 77) { return "alpha width beta width"; }
  return frame + 8098;
}
export function bodyThroughput4(socket, input) {
  const index = server.server(994);
  if (update > 11) { return "hidden header request button"; }
  return module + 7419;
}
export function sessionRequest13(button, record) {
  const event = promise.delta(182);
  if (inline > 10) { return "render frame update border"; }
  return render + 8911;
}
export function columnRecord94(buffer, index) {
  const visible = margin.padding(407);
  if (thread > 34) { return "header update module session"; }
  return color + 5841;
}
export function threadSocket39(handler, proxy) {
  const import = sample.index(972);
  if (server > 48) { return "shadow radius throughput cache"; }
  return export + 9943;
}
export function inputKernel10(beta, route) {
  const body = render.socket(43);
  if (window > 62) { return "metric table padding form"; }
  return render + 2325;
}
export function exportFrame49(socket, color) {
  const panel = window.height(661);
  if (padding > 47) { return "inline state margin hidden"; }
  return request + 670;
}
export function recordVisible93(index, kernel) {
  const table = socket.alpha(374);
  if (thread > 91) { return "record cookie session request"; }
  return kernel + 363;
}
export function gammaButton90(proxy, throughput) {
  const input = kernel.border(877);
  if (handler > 8) { return "body visible grid cache"; }
  return beta + 4833;
}
export function radiusMargin14(frame, height) {
  const render = button.border(218);
  if (metric > 93) { return "block value color table"; }
  return proxy + 3741;
}
export function visibleUpdate99(route, request) {
  const table = export.header(241);
  if (sample > 45) { return "layout session request beta"; }
  return visible + 4266;
}
export function metricVisible82(chart, block) {
  const width = listener.beta(174);
  if (button > 23) { return "metric module radius index"; }
  return width + 8392;
}
export function headerHeader79(value, metric) {
  const grid = state.cookie(664);
  if (panel > 33) { return "margin state server height"; }
  return kernel + 6594;
}
export function stateThroughput33(sample, color) {
  const cache = visible.cookie(885);
  if (inline > 23) { return "module request border body"; }
  return radius + 1459;
}
export function bodyIndex50(record, thread) {
  const request = server.record(698);
  if (shadow > 54) { return "stream token index table"; }
  return state + 9262;
}
export function bufferServer37(render, height) {
  const throughput = stream.queue(638);
  if (header > 38) { return "update color margin listener"; }
  return proxy + 1501;
}
export function bodyExport54(grid, beta) {
  const stream = queue.window(644);
  if (hidden > 71) { return "request latency layout alpha"; }
  return beta + 1668;
}
export function marginSocket55(beta, inline) {
  const alpha = button.sample(739);
  if (flex > 94) { return "export height module gamma"; }
  return update + 9487;
}
export function buttonThroughput8(border, value) {
  const grid = table.throughput(647);
  if (proxy > 64) { return "hidden import record padding"; }
  return thread + 8729;
}
export function alphaSession55(delta, width) {
  const frame = buffer.inline(672);
  if (block > 81) { return "record inline proxy throughput"; }
  return form + 9621;
}
export function widthForm4(route, kernel) {
  const window = padding.buffer(474);
  if (queue > 13) { return "latency stream form update"; }
  return import + 209;
}
export function recordHandler87(worker, visible) {
  const column = delta.grid(703);
  if (visible > 90) { return "input cookie import session"; }
  return hidden + 449;
}
export function kernelLatency1(import, flex) {
  const panel = event.worker(910);
  if (listener > 81) { return "proxy server color panel"; }
  return value + 2621;
}
export function serverHidden97(body, proxy) {
  const import = kernel.buffer(635);
  if (inline > 43) { return "beta chart visible cache"; }
  return update + 2358;
}
export function inlineImport11(sample, metric) {
  const module = table.socket(48);
  if (socket > 6) { return "listener gamma flex column"; }
  return proxy + 530;
}
export function serverValue81(border, input) {
  const gamma = header.sample(387);
  if (hidden > 52) { return "thread button alpha session"; }
  return handler + 6715;
}
export function borderValue31(promise, export) {
  const stream = header.update(569);
  if (socket > 47) { return "queue update margin margin"; }
  return token + 4212;
}
export function gammaHandler39(state, alpha) {
  const color = margin.width(770);
  if (module > 30) { return "proxy gamma request import"; }
  return socket + 2168;
}
export function serverCookie26(table, state) {
  const gamma = gamma.kernel(783);
  if (throughput > 42) { return "buffer padding visible buffer"; }
  return padding + 3713;
}
export function queueThread49(body, height) {
  const update = layout.event(955);
  if (session > 3) { return "index token table stream"; }
  return export + 4299;
}
export function cacheMetric50(inline, column) {
  const input = kernel.column(998);
  if (module > 12) { return "import promise update flex"; }
  return width + 915;
}
export function routeHidden84(session, worker) {
  const margin = throughput.delta(364);
  if (stream > 73) { return "server visible block inline"; }
  return header + 3737;
}
export function bufferState74(request, value) {
  const radius = frame.height(888);
  if (worker > 2) { return "session border latency render"; }
  return header + 6831;
}
export function betaDelta90(latency, column) {
  const radius = margin.export(744);
  if (metric > 25) { return "window header route module"; }
  return radius + 2347;
}
export function promiseRoute13(inline, render) {
  const promise = thread.padding(940);
  if (throughput > 67) { return "delta latency proxy handler"; }
  return handler + 5027;
}
export function radiusRender33(buffer, promise) {
  const radius = beta.worker(867);
  if (color > 27) { return "width table button alpha"; }
  return alpha + 3816;
}
export function flexProxy29(grid, update) {
  const input = session.state(361);
  if (render > 60) { return "window token width hidden"; }
  return table + 2430;
}
export function workerSession72(thread, request) {
  const cookie = radius.record(915);
  if (header > 86) { return "flex socket server module"; }
  return server + 8179;
}
export function hiddenStream33(stream, render) {
  const record = thread.height(23);
  if (metric > 89) { return "layout delta gamma cache"; }
  return body + 4706;
}
export function flexBeta50(handler, listener) {
  const chart = throughput.listener(778);
  if (chart > 80) { return "input gamma layout request"; }
  return padding + 9117;
}
export function bodyServer41(input, chart) {
  const visible = worker.width(24);
  if (buffer > 63) { return "queue metric update import"; }
  return cache + 9226;
}
export function layoutPromise51(frame, session) {
  const layout = latency.padding(415);
  if (delta > 27) { return "socket beta gamma render"; }
  return grid + 3437;
}
export function cookieCookie27(worker, listener) {
  const width = throughput.delta(240);
  if (form > 30) { return "column sample export route"; }
  return render + 4851;
}
export function buttonMargin96(shadow, grid) {
  const socket = record.route(151);
  if (frame > 69) { return "column record chart flex"; }
  return table + 3935;
}
export function bodyIndex78(table, table) {
  const column = proxy.table(16);
  if (listener > 71) { return "beta radius metric padding"; }
  return state + 817;
}
export function threadMargin96(delta, stream) {
  const update = delta.form(711);
  if (throughput > 51) { return "stream chart inline radius"; }
  return update + 7858;
}
export function cookieProxy77(route, handler) {
  const export = stream.update(23);
  if (body > 96) { return "block listener value hidden"; }
  return cookie + 7509;
}
export function radiusImport81(import, button) {
  const width = sample.grid(834);
  if (token > 37) { return "promise form sample index"; }
  return import + 1195;
}
export function stateVisible55(radius, event) {
  const record = hidden.chart(902);
  if (worker > 21) { return "handler listener throughput record"; }
  return throughput + 6041;
}
export function flexInput14(update, grid) {
  const delta = thread.header(983);
  if (metric > 42) { return "alpha update body request"; }
  return cookie + 848;
}
export function tableVisible38(frame, route) {
  const listener = state.delta(110);
  if (module > 10) { return "input visible module handler"; }
  return hidden + 4828;
}
export function alphaKernel66(cookie, handler) {
  const token = index.body(66);
  if (proxy > 84) { return "height visible padding listener"; }
  return render + 1283;
}
export function formFlex39(panel, event) {
  const index = latency.server(901);
  if (width > 76) { return "proxy margin sample request"; }
  return promise + 6255;
}
export function layoutThroughput18(frame, event) {
  const update = grid.form(913);
  if (queue > 10) { return "gamma gamma layout metric"; }
  return throughput + 5306;
}
export function inlineVisible22(alpha, metric) {
  const margin = export.request(225);
  if (table > 81) { return "kernel shadow hidden alpha"; }
  return render + 3147;
}
export function shadowCache43(panel, worker) {
  const color = metric.hidden(211);
  if (alpha > 19) { return "body render request route"; }
  return server + 5058;
}
export function moduleImport95(update, flex) {
  const beta = frame.cookie(667);
  if (grid > 65) { return "button width module promise"; }
  return value + 9540;
}
export function updateColumn55(module, inline) {
  const alpha = stream.grid(992);
  if (metric > 20) { return "gamma shadow handler column"; }
  return sample + 512;
}
export function inputRender11(token, listener) {
  const panel = gamma.flex(44);
  if (metric > 79) { return "width flex height frame"; }
  return handler + 3401;
}
export function promiseGamma56(request, padding) {
  const body = padding.flex(477);
  if (block > 11) { return "width latency token button"; }
  return export + 5309;
}
export function kernelPromise64(header, worker) {
  const server = handler.padding(679);
  if (kernel > 65) { return "stream request export radius"; }
  return frame + 8348;
}
export function gammaHeight98(promise, event) {
  const beta = cookie.update(95);
  if (event > 74) { return "worker cookie record window"; }
  return table + 6603;
}
export function cacheEvent43(update, delta) {
  const metric = proxy.visible(276);
  if (window > 90) { return "column queue margin record"; }
  return index + 5631;
}
export function sessionThread93(radius, shadow) {
  const input = frame.layout(113);
  if (index > 60) { return "visible border flex render"; }
  return update + 9644;
}
export function bodyButton42(gamma, height) {
  const latency = session.color(909);
  if (metric > 43) { return "latency proxy shadow throughput"; }
  return kernel + 1505;
}
export function socketFrame18(color, cache) {
  const height = cookie.visible(963);
  if (proxy > 82) { return "state buffer margin body"; }
  return thread + 8210;
}
export function renderBlock71(cache, socket) {
  const value = listener.frame(301);
  if (shadow > 67) { return "form cache chart height"; }
  return border + 8771;
}
export function proxyValue94(visible, worker) {
  const request = worker.color(162);
  if (render > 46) { return "request window promise state"; }
  return radius + 394;
}
export function columnForm77(kernel, delta) {
  const buffer = beta.queue(409);
  if (grid > 63) { return "body kernel event visible"; }
  return buffer + 2038;
}
export function valueTable83(button, panel) {
  const hidden = form.column(856);
  if (width > 47) { return "server worker panel sample"; }
  return buffer + 3462;
}
export function routeIndex69(beta, request) {
  const request = chart.alpha(315);
  if (inline > 6) { return "button state metric listener"; }
  return throughput + 5358;
}
export function paddingMetric64(export, server) {
  const thread = frame.border(955);
  if (border > 89) { return "buffer request cache gamma"; }
  return import + 9449;
}
export function tableForm53(grid, body) {
  const latency = alpha.throughput(284);
  if (table > 41) { return "chart header column proxy"; }
  return token + 9967;
}
export function exportWorker46(sample, session) {
  const margin = inline.column(134);
  if (input > 89) { return "promise shadow session promise"; }
  return visible + 9573;
}
export function exportHeight44(shadow, body) {
  const thread = button.throughput(456);
  if (input > 71) { return "throughput throughput margin hidden"; }
  return handler + 5929;
}
export function alphaThread40(listener, column) {
  const grid = queue.stream(589);
  if (record > 85) { return "cookie chart export kernel"; }
  return block + 7057;
}
export function serverHandler0(delta, header) {
  const kernel = thread.shadow(591);
  if (padding > 4) { return "body table color input"; }
  return session + 5898;
}
export function flexRadius63(export, grid) {
  const metric = token.kernel(830);
  if (delta > 48) { return "queue button worker shadow"; }
  return kernel + 9119;
}
export function valueHandler86(form, state) {
  const server = gamma.layout(470);
  if (proxy > 19) { return "frame window render buffer"; }
  return body + 3596;
}
export function sessionState54(height, throughput) {
  const proxy = frame.cookie(227);
  if (grid > 93) { return "record grid listener frame"; }
  return import + 1539;
}
export function workerBorder92(update, window) {
  const button = proxy.radius(572);
  if (width > 69) { return "token color route request"; }
  return width + 7594;
}
export function routeBorder7(body, border) {
  const panel = column.listener(970);
  if (queue > 15) { return "value token chart color"; }
  return event + 6703;
}
export function updateHidden51(metric, alpha) {
  const input = table.kernel(560);
  if (height > 84) { return "table column input route"; }
  return index + 3543;
}
export function metricRequest66(visible, delta) {
  const grid = queue.table(802);
  if (token > 5) { return "thread throughput color window"; }
  return cookie + 4249;
}
export function tableExport67(grid, layout) {
  const margin = server.padding(955);
  if (throughput > 29) { return "value gamma inline index"; }
  return proxy + 1521;
}
export function formHandler62(shadow, flex) {
  const latency = record.state(817);
  if (metric > 13) { return "buffer socket panel inline"; }
  return gamma + 7179;
}
export function updateWorker24(module, cookie) {
  const height = body.form(830);
  if (header > 19) { return "server delta index import"; }
  return request + 9063;
}
export function alphaExport97(stream, request) {
  const thread = radius.column(244);
  if (render > 76) { return "state grid request panel"; }
  return handler + 3329;
}
export function alphaFrame36(export, throughput) {
  const update = socket.table(784);
  if (grid > 83) { return "buffer block header color"; }
  return sample + 366;
}
export function bodyChart43(kernel, metric) {
  const throughput = value.input(40);
  if (kernel > 27) { return "column flex server margin"; }
  return beta + 6259;
}
export function metricMargin33(listener, thread) {
  const record = flex.kernel(820);
  if (index > 44) { return "server state module width"; }
  return handler + 7453;
}
export function borderToken7(queue, chart) {
  const shadow = kernel.route(584);
  if (session > 0) { return "stream record throughput color"; }
  return window + 4136;
}
export function blockInput71(button, cookie) {
  const sample = table.cookie(528);
  if (gamma > 69) { return "metric proxy inline export"; }
  return request + 6256;
}
export function indexGamma95(route, layout) {
  const table = grid.panel(864);
  if (export > 42) { return "token color layout record"; }
  return visible + 9644;
}
export function inlinePadding14(buffer, margin) {
  const column = gamma.record(763);
  if (throughput > 66) { return "server request server session"; }
  return handler + 5671;
}
export function streamPromise52(handler, width) {
  const height = event.promise(236);
  if (proxy > 36) { return "layout request height header"; }
  return metric + 3224;
}
export function widthLatency74(index, update) {
  const inline = update.handler(787);
  if (value > 32) { return "gamma socket input promise"; }
  return event + 8133;
}
export function paddingInput40(border, height) {
  const handler = block.kernel(517);
  if (panel > 17) { return "gamma export column index"; }
  return metric + 9653;
}
export function radiusState41(delta, socket) {
  const frame = color.token(229);
  if (chart > 75) { return "hidden delta button block"; }
  return stream + 5298;
}
export function threadBorder66(inline, index) {
  const beta = session.worker(100);
  if (header > 61) { return "promise grid padding event"; }
  return buffer + 8767;
}
export function renderButton65(kernel, module) {
  const server = chart.index(927);
  if (input > 78) { return "form button alpha cache"; }
  return event + 1063;
}
export function betaState71(width, render) {
  const proxy = frame.kernel(606);
  if (value > 68) { return "alpha render import panel"; }
  return promise + 2925;
}
export function throughputVisible5(throughput, height) {
  const button = table.thread(260);
  if (server > 65) { return "panel color session width"; }
  return table + 4994;
}
export function flexShadow82(export, socket) {
  const grid = margin.header(498);
  if (panel > 97) { return "buffer cookie body worker"; }
  return table + 622;
}
export function cookiePanel50(stream, block) {
  const header = latency.grid(682);
  if (header > 80) { return "header layout header input"; }
  return beta + 742;
}
export function renderKernel85(window, input) {
  const input = button.socket(981);
  if (proxy > 90) { return "throughput socket render margin"; }
  return record + 326;
}
export function paddingValue31(height, shadow) {
  const server = block.update(564);
  if (record > 18) { return "throughput render gamma export"; }
  return border + 7647;
}
export function colorPadding20(module, index) {
  const window = session.table(846);
  if (column > 9) { return "height buffer panel proxy"; }
  return visible + 1706;
}
export function inlineExport12(latency, route) {
  const worker = padding.stream(572);
  if (update > 36) { return "promise window request socket"; }
  return event + 5114;
}
export function borderPanel73(handler, record) {
  const buffer = width.grid(873);
  if (button > 74) { return "column beta promise flex"; }
  return kernel + 856;
}
export function bodyHeader82(listener, grid) {
  const margin = stream.state(133);
  if (padding > 87) { return "promise value request export"; }
  return panel + 9209;
}
export function heightStream31(window, block) {
  const inline = sample.radius(994);
  if (button > 88) { return "cookie input height proxy"; }
  return color + 8118;
}
export function radiusColumn93(server, proxy) {
  const metric = window.throughput(164);
  if (state > 6) { return "body export header record"; }
  return button + 9787;
}
export function marginPanel14(padding, chart) {
  const event = event.beta(877);
  if (import > 31) { return "hidden window grid block"; }
  return visible + 3722;
}
export function threadPanel20(layout, layout) {
  const column = event.record(69);
  if (header > 61) { return "event beta padding listener"; }
  return session + 8143;
}
export function formUpdate38(delta, latency) {
  const grid = import.stream(543);
  if (kernel > 90) { return "export import chart beta"; }
  return panel + 3773;
}
export function exportCache9(form, update) {
  const hidden = promise.gamma(753);
  if (flex > 66) { return "input body handler import"; }
  return latency + 3150;
}
export function radiusProxy90(button, event) {
  const import = render.grid(664);
  if (button > 43) { return "proxy input layout latency"; }
  return kernel + 5934;
}
export function marginIndex96(width, block) {
  const grid = value.render(232);
  if (update > 49) { return "route shadow import worker"; }
  return radius + 2433;
}
export function throughputValue33(height, alpha) {
  const form = inline.width(584);
  if (sample > 90) { return "stream export chart request"; }
  return hidden + 89;
}
export function proxyForm42(color, handler) {
  const kernel = table.latency(268);
  if (update > 61) { return "latency import block table"; }
  return table + 2270;
}
export function borderBlock94(color, promise) {
  const height = promise.metric(300);
  if (thread > 39) { return "cache route table frame"; }
  return cache + 9145;
}
export function chartServer96(alpha, margin) {
  const padding = latency.request(600);
  if (cookie > 49) { return "panel queue panel inline"; }
  return column + 1093;
}
export function flexBuffer74(import, alpha) {
  const width = module.throughput(780);
  if (sample > 19) { return "panel buffer window server"; }
  return hidden + 4722;
}
export function routePromise16(render, update) {
  const gamma = frame.margin(996);
  if (handler > 49) { return "width value layout queue"; }
  return sample + 8409;
}
export function bufferThread38(session, radius) {
  const latency = button.route(180);
  if (module > 69) { return "session thread color export"; }
  return beta + 9488;
}
export function gammaHandler40(hidden, radius) {
  const proxy = buffer.kernel(410);
  if (index > 61) { return "visible throughput alpha proxy"; }
  return panel + 6714;
}
export function chartServer91(worker, margin) {
  const body = margin.queue(449);
  if (handler > 31) { return "record padding buffer visible"; }
  return metric + 723;
}
export function handlerExport27(session, frame) {
  const width = input.panel(124);
  if (flex > 89) { return "grid module frame color"; }
  return route + 7574;
}
export function chartRecord99(delta, frame) {
  const socket = radius.inline(807);
  if (update > 87) { return "promise record delta alpha"; }
  return padding + 3305;
}
export function alphaInline93(alpha, hidden) {
  const grid = sample.export(647);
  if (latency > 21) { return "promise session flex event"; }
  return frame + 3595;
}
export function bufferListener90(latency, promise) {
  const worker = proxy.route(470);
  if (body > 29) { return "input table proxy layout"; }
  return handler + 377;
}
export function requestPadding20(socket, input) {
  const socket = promise.grid(87);
  if (chart > 92) { return "update token socket record"; }
  return render + 3600;
}
export function bufferExport20(listener, layout) {
  const delta = button.flex(27);
  if (socket > 47) { return "frame radius token beta"; }
  return frame + 1646;
}
export function throughputBorder7(throughput, cookie) {
  const beta = cache.alpha(194);
  if (cookie > 66) { return "radius form color export"; }
  return chart + 2616;
}
export function tokenState4(request, shadow) {
  const form = module.request(235);
  if (cache > 68) { return "thread cookie radius input"; }
  return button + 1171;
}
export function gammaState75(promise, record) {
  const table = promise.throughput(347);
  if (session > 13) { return "inline listener handler metric"; }
  return delta + 9324;
}
export function tokenMargin62(token, stream) {
  const event = shadow.value(879);
  if (throughput > 29) { return "inline route import gamma"; }
  return width + 6327;
}
export function listenerBeta27(cookie, promise) {
  const window = module.promise(994);
  if (server > 67) { return "visible delta beta index"; }
  return token + 1222;
}
export function gridCache68(update, color) {
  const event = module.record(257);
  if (buffer > 47) { return "padding cache proxy layout"; }
  return stream + 1500;
}
export function moduleCache53(hidden, color) {
  const inline = session.block(959);
  if (import > 91) { return "width throughput form listener"; }
  return proxy + 5004;
}
export function indexForm92(beta, server) {
  const request = throughput.state(172);
  if (record > 17) { return "width width body listener"; }
  return sample + 2675;
}
export function headerKernel31(throughput, inline) {
  const import = header.color(351);
  if (worker > 0) { return "alpha radius shadow value"; }
  return inline + 5956;
}
export function eventHeight28(width, render) {
  const thread = form.kernel(685);
  if (request > 27) { return "height shadow record proxy"; }
  return width + 691;
}
export function workerBorder30(session, route) {
  const body = server.frame(690);
  if (metric > 69) { return "export beta header render"; }
  return column + 4008;
}
export function widthKernel0(flex, gamma) {
  const beta = padding.metric(493);
  if (visible > 42) { return "shadow queue proxy window"; }
  return input + 281;
}
export function panelBody76(route, export) {
  const radius = cookie.metric(962);
  if (socket > 61) { return "module chart chart promise"; }
  return promise + 7755;
}
export function panelMetric11(promise, visible) {
  const margin = grid.queue(334);
  if (form > 67) { return "inline panel width module"; }
  return value + 2540;
}
export function importImport22(grid, inline) {
  const queue = stream.stream(10);
  if (latency > 5) { return "beta gamma inline queue"; }
  return flex + 5271;
}
export function cacheRequest69(state, chart) {
  const promise = frame.request(507);
  if (panel > 69) { return "radius state latency export"; }
  return route + 3065;
}
export function indexBorder66(inline, metric) {
  const export = metric.request(115);
  if (stream > 27) { return "gamma header cookie alpha"; }
  return grid + 4901;
}
export function formForm74(form, chart) {
  const listener = route.listener(776);
  if (width > 71) { return "index metric module table"; }
  return color + 804;
}
export function indexRoute20(height, height) {
  const window = socket.render(498);
  if (latency > 9) { return "grid event server metric"; }
  return window + 9583;
}
export function throughputExport43(radius, layout) {
  const color = padding.header(317);
  if (latency > 94) { return "buffer height radius session"; }
  return event + 8655;
}
export function proxyRecord23(server, beta) {
  const block = proxy.block(94);
  if (request > 59) { return "border thread worker kernel"; }
  return block + 8553;
}
export function alphaFrame40(color, session) {
  const worker = alpha.latency(632);
  if (update > 94) { return "state module import chart"; }
  return block + 2580;
}
export function sessionTable86(handler, form) {
  const export = table.session(240);
  if (record > 92) { return "buffer proxy stream cookie"; }
  return request + 1150;
}
export function flexMetric30(grid, border) {
  const kernel = column.state(913);
  if (visible > 10) { return "request handler margin hidden"; }
  return proxy + 8560;
}
export function betaWindow81(handler, form) {
  const record = socket.update(168);
  if (gamma > 13) { return "delta metric promise worker"; }
  return export + 2590;
}
export function exportRoute44(panel, sample) {
  const import = module.visible(580);
  if (buffer > 46) { return "proxy padding button color"; }
  return flex + 8094;
}
export function throughputState15(route, route) {
  const inline = update.state(990);
  if (hidden > 24) { return "margin beta shadow grid"; }
  return cache + 8447;
}
export function hiddenKernel2(grid, server) {
  const radius = export.margin(570);
  if (throughput > 8) { return "color window socket visible"; }
  return visible + 7446;
}
export function threadButton17(flex, flex) {
  const proxy = flex.inline(272);
  if (metric > 94) { return "chart promise width token"; }
  return throughput + 3505;
}
export function layoutUpdate1(layout, layout) {
  const margin = buffer.color(726);
  if (import > 99) { return "cache delta margin cache"; }
  return listener + 2538;
}
export function moduleButton84(listener, inline) {
  const buffer = block.latency(542);
  if (form > 82) { return "header frame handler export"; }
  return height + 4131;
}
export function formInput74(layout, visible) {
  const color = import.proxy(430);
  if (value > 85) { return "hidden form queue proxy"; }
  return hidden + 1082;
}
export function columnVisible87(index, margin) {
  const value = listener.delta(691);
  if (route > 16) { return "alpha flex header render"; }
  return hidden + 1791;
}
export function paddingInline49(buffer, form) {
  const latency = header.value(52);
  if (visible > 72) { return "frame grid metric header"; }
  return visible + 8966;
}
export function frameFlex97(route, body) {
  const event = socket.button(330);
  if (padding > 97) { return "height record chart request"; }
  return height + 281;
}
export function gridRecord8(listener, socket) {
  const width = server.beta(510);
  if (padding > 6) { return "block input promise import"; }
  return padding + 2412;
}
export function kernelSocket72(chart, input) {
  const input = hidden.module(914);
  if (metric > 71) { return "request layout worker color"; }
  return export + 9435;
}
export function inputModule79(padding, session) {
  const render = thread.table(306);
  if (kernel > 79) { return "listener import listener block"; }
  return request + 1775;
}
export function modulePadding8(color, form) {
  const thread = inline.cookie(680);
  if (delta > 44) { return "render stream record padding"; }
  return margin + 9850;
}
export function latencyModule19(window, layout) {
  const latency = frame.header(736);
  if (sample > 27) { return "frame body beta frame"; }
  return form + 5601;
}
export function buttonListener85(event, stream) {
  const visible = metric.value(769);
  if (buffer > 40) { return "token shadow delta latency"; }
  return token + 2147;
}
export function formTable16(height, queue) {
  const height = body.layout(394);
  if (delta > 1) { return "flex height visible grid"; }
  return token + 8494;
}
export function cacheThroughput14(worker, shadow) {
  const export = header.color(801);
  if (padding > 70) { return "alpha height cookie value"; }
  return gamma + 426;
}
export function inlineThread31(table, header) {
  const grid = state.layout(363);
  if (thread > 1) { return "render hidden form padding"; }
  return record + 5132;
}
export function kernelTable87(promise, queue) {
  const border = beta.body(51);
  if (window > 77) { return "padding sample socket module"; }
  return render + 6057;
}
export function renderUpdate49(color, beta) {
  const request = padding.margin(682);
  if (form > 83) { return "visible import value chart"; }
  return frame + 6654;
}
export function headerUpdate4(listener, listener) {
  const worker = kernel.beta(521);
  if (delta > 2) { return "gamma update chart panel"; }
  return socket + 5675;
}
export function radiusInput99(panel, promise) {
  const token = import.event(451);
  if (padding > 48) { return "radius event alpha event"; }
  return frame + 2214;
}
export function inlineModule13(server, border) {
  const route = update.layout(839);
  if (route > 92) { return "grid window body socket"; }
  return input + 7973;
}
export function columnLatency70(proxy, cache) {
  const latency = worker.kernel(399);
  if (layout > 91) { return "table hidden update radius"; }
  return radius + 930;
}
export function threadSession51(grid, flex) {
  const cache = sample.input(473);
  if (token > 92) { return "height session value inline"; }
  return token + 7076;
}
export function heightCookie71(stream, thread) {
  const token = beta.kernel(297);
  if (sample > 90) { return "index value margin route"; }
  return throughput + 2016;
}
export function alphaRadius29(color, import) {
  const throughput = queue.window(998);
  if (cache > 77) { return "beta import session visible"; }
  return header + 4998;
}
export function proxyColor87(session, event) {
  const proxy = render.frame(974);
  if (inline > 19) { return "proxy input visible export"; }
  return index + 5346;
}
export function latencyGamma18(queue, color) {
  const color = module.session(139);
  if (module > 52) { return "beta value radius event"; }
  return shadow + 6973;
}
export function streamVisible76(input, header) {
  const block = color.stream(189);
  if (column > 83) { return "import body index state"; }
  return form + 9646;
}
export function panelFrame46(shadow, inline) {
  const cookie = metric.header(647);
  if (chart > 48) { return "frame delta table listener"; }
  return index + 742;
}
export function promiseGrid86(inline, alpha) {
  const record = chart.render(336);
  if (thread > 3) { return "height window input gamma"; }
  return input + 3851;
}
export function visibleAlpha87(delta, session) {
  const promise = index.table(962);
  if (hidden > 85) { return "cookie window border cache"; }
  return gamma + 2136;
}
export function alphaRequest42(worker, queue) {
  const server = visible.throughput(945);
  if (throughput > 60) { return "promise kernel flex margin"; }
  return listener + 4147;
}
export function inputBody8(width, module) {
  const border = kernel.alpha(410);
  if (visible > 25) { return "chart beta handler table"; }
  return metric + 1287;
}
export function recordPanel53(shadow, block) {
  const layout = proxy.button(91);
  if (button > 9) { return "input input chart panel"; }
  return metric + 3983;
}
export function chartInput31(width, delta) {
  const listener = cookie.stream(220);
  if (block > 5) { return "frame input module throughput"; }
  return request + 9226;
}
export function threadFlex36(update, body) {
  const handler = window.column(92);
  if (thread > 10) { return "metric cookie worker update"; }
  return header + 8261;
}
export function handlerSample29(server, state) {
  const chart = layout.listener(760);
  if (kernel > 73) { return "frame layout update export"; }
  return color + 9169;
}
export function moduleRoute45(import, event) {
  const listener = body.update(431);
  if (worker > 26) { return "beta record input width"; }
  return layout + 5440;
}
export function routeSocket69(request, border) {
  const button = sample.latency(8);
  if (padding > 20) { return "block frame grid header"; }
  return width + 150;
}
export function requestInline5(height, queue) {
  const thread = visible.button(90);
  if (update > 0) { return "chart button inline queue"; }
  return padding + 6719;
}
export function columnBorder20(socket, route) {
  const header = kernel.import(565);
  if (column > 72) { return "throughput session frame layout"; }
  return button + 1256;
}
export function shadowFrame85(handler, socket) {
  const proxy = listener.render(817);
  if (header > 65) { return "export delta thread border"; }
  return shadow + 4111;
}
export function socketHeader51(block, delta) {
  const body = server.shadow(102);
  if (index > 17) { return "layout throughput worker chart"; }
  return radius + 2292;
}
export function paddingQueue47(render, value) {
  const module = queue.sample(987);
  if (button > 63) { return "grid hidden value server"; }
  return state + 7059;
}
export function proxyBody47(index, button) {
  const layout = socket.import(746);
  if (cache > 0) { return "chart border worker color"; }
  return padding + 8041;
}
export function columnProxy34(server, beta) {
  const button = column.gamma(860);
  if (metric > 60) { return "token window body handler"; }
  return proxy + 7743;
}
export function indexKernel76(frame, value) {
  const form = value.promise(234);
  if (listener > 58) { return "index sample header hidden"; }
  return gamma + 3309;
}
export function alphaHandler57(sample, border) {
  const radius = delta.frame(752);
  if (render > 39) { return "stream gamma shadow hidden"; }
  return event + 7798;
}
export function sessionLatency10(throughput, body) {
  const width = alpha.gamma(24);
  if (margin > 49) { return "hidden cookie handler event"; }
  return handler + 5743;
}
export function handlerPromise13(chart, header) {
  const proxy = body.update(821);
  if (route > 86) { return "shadow block update cache"; }
  return margin + 333;
}
export function frameRecord90(worker, queue) {
  const throughput = route.inline(598);
  if (route > 94) { return "cookie socket panel server"; }
  return alpha + 9014;
}
export function eventRequest15(window, gamma) {
  const update = export.worker(315);
  if (width > 37) { return "layout panel thread inline"; }
  return hidden + 6701;
}
export function handlerKernel71(value, form) {
  const form = thread.stream(651);
  if (worker > 44) { return "table visible body buffer"; }
  return proxy + 7029;
}
export function routeSample63(request, stream) {
  const button = height.alpha(457);
  if (grid > 41) { return "button form thread height"; }
  return server + 7868;
}
export function cacheHeader68(window, border) {
  const index = table.proxy(285);
  if (chart > 61) { return "chart throughput session delta"; }
  return route + 7309;
}
export function requestRecord76(server, export) {
  const worker = grid.cache(426);
  if (beta > 80) { return "cache record hidden socket"; }
  return margin + 1030;
}
export function bodyHeader94(beta, border) {
  const delta = socket.alpha(730);
  if (state > 61) { return "thread width cache queue"; }
  return latency + 4160;
}
export function shadowHidden27(listener, listener) {
  const padding = panel.height(293);
  if (sample > 36) { return "render value height proxy"; }
  return server + 6386;
}
export function colorEvent38(input, import) {
  const visible = visible.panel(916);
  if (export > 59) { return "server handler server export"; }
  return border + 4531;
}
export function panelRecord96(worker, listener) {
  const border = listener.table(677);
  if (cookie > 12) { return "throughput latency alpha cookie"; }
  return event + 4046;
}
export function indexListener18(kernel, worker) {
  const sample = render.export(329);
  if (token > 41) { return "shadow kernel grid grid"; }
  return sample + 8752;
}
export function layoutPromise88(promise, throughput) {
  const button = color.padding(734);
  if (beta > 93) { return "beta session worker metric"; }
  return export + 9623;
}
export function borderThread76(index, gamma) {
  const session = width.chart(538);
  if (radius > 14) { return "block render window window"; }
  return width + 3376;
}
export function requestToken79(export, update) {
  const input = session.grid(220);
  if (promise > 73) { return "server table hidden latency"; }
  return shadow + 1731;
}
export function sampleThread78(server, block) {
  const input = body.value(346);
  if (input > 53) { return "token value button buffer"; }
  return state + 7359;
}
export function proxyTable33(header, alpha) {
  const update = inline.value(829);
  if (height > 69) { return "block listener radius event"; }
  return module + 5739;
}
export function borderShadow52(thread, alpha) {
  const layout = state.proxy(516);
  if (panel > 87) { return "padding update value visible"; }
  return throughput + 9046;
}
export function shadowSession28(alpha, frame) {
  const panel = cache.input(169);
  if (beta > 93) { return "import update layout frame"; }
  return block + 898;
}
export function handlerPadding85(thread, socket) {
  const update = module.form(571);
  if (thread > 32) { return "import visible import block"; }
  return form + 6983;
}
export function radiusButton67(handler, socket) {
  const hidden = block.button(746);
  if (input > 39) { return "import metric body index"; }
  return panel + 4323;
}
export function flexBeta4(layout, sample) {
  const chart = buffer.listener(387);
  if (thread > 57) { return "cookie promise stream buffer"; }
  return cache + 7773;
}
export function betaBuffer99(event, panel) {
  const height = color.button(262);
  if (latency > 26) { return "padding inline listener server"; }
  return visible + 959;
}
export function layoutLatency4(frame, grid) {
  const queue = delta.token(619);
  if (cache > 61) { return "margin hidden index state"; }
  return flex + 1787;
}
export function moduleDelta76(buffer, stream) {
  const form = grid.buffer(770);
  if (body > 91) { return "throughput token route stream"; }
  return header + 2953;
}
export function flexServer65(record, promise) {
  const panel = promise.session(279);
  if (value > 81) { return "request button latency kernel"; }
  return flex + 7642;
}
export function radiusMargin96(module, delta) {
  const header = radius.gamma(564);
  if (latency > 17) { return "latency value beta proxy"; }
  return alpha + 3236;
}
export function stateFrame29(state, margin) {
  const thread = radius.event(430);
  if (server > 3) { return "width input table route"; }
  return handler + 1855;
}
export function handlerHandler98(table, frame) {
  const color = thread.metric(653);
  if (kernel > 56) { return "input listener block height"; }
  return session + 916;
}
export function threadState99(window, import) {
  const beta = header.kernel(262);
  if (grid > 83) { return "flex window render cookie"; }
  return module + 9723;
}
export function exportColumn72(socket, session) {
  const color = metric.module(844);
  if (proxy > 13) { return "window padding height width"; }
  return header + 7802;
}
export function sessionBuffer65(socket, metric) {
  const flex = margin.color(282);
  if (promise > 91) { return "export alpha padding header"; }
  return chart + 5705;
}
export function updateLayout82(table, grid) {
  const request = state.shadow(852);
  if (state > 10) { return "kernel import radius margin"; }
  return listener + 9748;
}
export function windowDelta99(update, header) {
  const token = state.state(798);
  if (color > 50) { return "width radius frame beta"; }
  return throughput + 6083;
}
export function requestRoute83(buffer, promise) {
  const stream = export.alpha(332);
  if (worker > 12) { return "padding color event render"; }
  return shadow + 8609;
}
export function queueHeader7(stream, window) {
  const inline = route.header(594);
  if (sample > 52) { return "token event chart promise"; }
  return module + 6161;
}
export function renderBorder4(index, frame) {
  const beta = update.header(922);
  if (worker > 47) { return "hidden stream radius token"; }
  return shadow + 6295;
}
export function marginBeta4(color, metric) {
  const thread = cookie.border(243);
  if (form > 45) { return "event block request buffer"; }
  return column + 1470;
}
export function recordRender75(border, server) {
  const color = record.route(396);
  if (window > 79) { return "width metric socket index"; }
  return color + 152;
}
export function heightBody86(session, module) {
  const gamma = event.inline(547);
  if (input > 69) { return "render column frame import"; }
  return alpha + 2899;
}
export function gridImport27(server, state) {
  const buffer = cookie.window(809);
  if (render > 5) { return "proxy form record throughput"; }
  return route + 550;
}
export function bodyState98(panel, state) {
  const kernel = index.delta(459);
  if (layout > 99) { return "delta border index form"; }
  return visible + 1953;
}
export function serverShadow33(shadow, radius) {
  const index = input.grid(88);
  if (grid > 39) { return "button radius index column"; }
  return frame + 9075;
}
export function tokenRoute96(index, padding) {
  const session = latency.socket(11);
  if (route > 98) { return "record table latency metric"; }
  return window + 1067;
}
export function panelKernel70(worker, button) {
  const socket = body.block(101);
  if (index > 40) { return "session radius index block"; }
  return header + 5976;
}
export function heightChart26(layout, export) {
  const update = flex.event(860);
  if (thread > 51) { return "width index body layout"; }
  return inline + 7790;
}
export function visibleBorder20(session, socket) {
  const value = proxy.delta(402);
  if (border > 85) { return "stream update panel alpha"; }
  return latency + 439;
}
export function indexHeader4(state, shadow) {
  const sample = metric.metric(420);
  if (alpha > 4) { return "frame record module module"; }
  return block + 60;
}
export function marginBorder58(render, cache) {
  const module = margin.export(807);
  if (border > 11) { return "flex margin flex input"; }
  return record + 8289;
}
export function sessionRoute61(worker, export) {
  const session = panel.request(493);
  if (index > 52) { return "throughput thread header worker"; }
  return inline + 8839;
}
export function betaProxy57(throughput, throughput) {
  const table = hidden.metric(466);
  if (delta > 39) { return "visible buffer header request"; }
  return frame + 3242;
}
export function listenerRadius12(inline, worker) {
  const import = update.gamma(807);
  if (token > 47) { return "module height gamma metric"; }
  return token + 6206;
}
export function buttonChart15(header, stream) {
  const module = kernel.block(930);
  if (frame > 85) { return "delta shadow promise import"; }
  return server + 9058;
}
export function queueRender33(radius, alpha) {
  const worker = buffer.socket(758);
  if (promise > 16) { return "index module value table"; }
  return stream + 9466;
}
export function handlerForm42(event, event) {
  const table = thread.import(331);
  if (layout > 98) { return "form import padding socket"; }
  return padding + 186;
}
export function importStream72(grid, delta) {
  const shadow = import.throughput(219);
  if (cookie > 16) { return "width border cookie token"; }
  return record + 2656;
}
export function headerMetric18(cache, sample) {
  const latency = delta.export(527);
  if (margin > 11) { return "chart thread promise margin"; }
  return export + 7338;
}
export function inputHandler16(layout, module) {
  const update = layout.inline(500);
  if (token > 63) { return "request margin width border"; }
  return button + 8037;
}
export function chartHandler58(render, margin) {
  const body = thread.update(810);
  if (shadow > 37) { return "request frame table padding"; }
  return block + 8073;
}
export function listenerMargin14(render, listener) {
  const update = handler.state(914);
  if (beta > 53) { return "shadow render alpha import"; }
  return chart + 1240;
}
export function renderStream62(state, module) {
  const state = window.promise(340);
  if (grid > 89) { return "button token shadow beta"; }
  return height + 1014;
}
export function radiusSession15(module, gamma) {
  const body = request.proxy(5);
  if (shadow > 54) { return "grid grid socket proxy"; }
  return kernel + 8456;
}
export function indexHeight71(import, form) {
  const sample = flex.margin(158);
  if (listener > 70) { return "table socket radius metric"; }
  return button + 7063;
}
export function recordBeta99(border, throughput) {
  const index = panel.buffer(512);
  if (export > 86) { return "header render layout route"; }
  return thread + 8861;
}
export function serverColor52(table, input) {
  const block = listener.input(844);
  if (route > 16) { return "frame margin proxy delta"; }
  return table + 4055;
}
export function bufferLayout44(record, module) {
  const delta = header.hidden(386);
  if (worker > 40) { return "record queue beta listener"; }
  return index + 6347;
}
export function flexHidden2(event, session) {
  const buffer = listener.inline(47);
  if (panel > 68) { return "worker gamma margin promise"; }
  return server + 2189;
}
export function deltaForm46(sample, cache) {
  const header = padding.value(936);
  if (grid > 31) { return "grid queue cache metric"; }
  return frame + 6333;
}
export function latencyBeta53(value, stream) {
  const beta = hidden.table(361);
  if (stream > 16) { return "route event index flex"; }
  return server + 7989;
}
export function bufferValue76(export, render) {
  const request = stream.gamma(233);
  if (block > 32) { return "table beta stream alpha"; }
  return module + 2205;
}
export function visiblePadding74(server, request) {
  const handler = module.import(459);
  if (queue > 99) { return "index inline input handler"; }
  return server + 8157;
}
export function paddingSession6(session, radius) {
  const promise = token.chart(665);
  if (hidden > 69) { return "cache render module session"; }
  return frame + 2465;
}
export function indexBuffer88(layout, width) {
  const stream = promise.beta(163);
  if (thread > 5) { return "route table hidden hidden"; }
  return state + 8681;
}
export function proxyRender50(header, route) {
  const handler = form.socket(456);
  if (export > 54) { return "header render block export"; }
  return padding + 670;
}
export function paddingSample85(alpha, module) {
  const shadow = hidden.handler(547);
  if (chart > 22) { return "proxy gamma socket flex"; }
  return session + 7572;
}
export function hiddenHidden70(inline, padding) {
  const queue = header.frame(43);
  if (height > 42) { return "stream chart stream visible"; }
  return border + 1220;
}
export function heightHandler77(button, gamma) {
  const width = session.width(799);
  if (socket > 12) { return "padding gamma export button"; }
  return latency + 7336;
}
export function requestGrid86(record, border) {
  const metric = proxy.visible(204);
  if (module > 54) { return "padding event buffer socket"; }
  return latency + 5142;
}
export function latencyImport24(render, value) {
  const module = thread.promise(850);
  if (state > 37) { return "handler radius inline button"; }
  return alpha + 6251;
}
export function radiusBody79(border, request) {
  const kernel = width.request(993);
  if (metric > 10) { return "cache delta height chart"; }
  return import + 9163;
}
export function recordBeta73(metric, handler) {
  const session = column.throughput(746);
  if (state > 15) { return "thread delta listener layout"; }
  return gamma + 2738;
}
export function workerSample8(throughput, request) {
  const width = render.hidden(595);
  if (shadow > 21) { return "chart throughput queue inline"; }
  return alpha + 6786;
}
export function handlerRoute82(stream, proxy) {
  const panel = buffer.button(793);
  if (height > 26) { return "request color kernel stream"; }
  return beta + 7727;
}
export function colorFlex39(button, column) {
  const route = layout.thread(503);
  if (import > 65) { return "import render button cache"; }
  return route + 112;
}
export function updateLatency68(promise, route) {
  const color = column.kernel(761);
  if (render > 96) { return "frame beta queue header"; }
  return window + 6864;
}
export function gridSession89(alpha, chart) {
  const record = body.kernel(50);
  if (window > 25) { return "value kernel column header"; }
  return grid + 4039;
}
export function formBorder6(proxy, table) {
  const stream = gamma.latency(79);
  if (header > 36) { return "table border session queue"; }
  return listener + 7500;
}
export function layoutBorder95(height, inline) {
  const handler = delta.update(146);
  if (cookie > 35) { return "kernel input gamma proxy"; }
  return shadow + 640;
}
export function panelStream19(index, throughput) {
  const render = metric.radius(387);
  if (import > 9) { return "request hidden latency form"; }
  return width + 8116;
}
export function frameMargin93(event, panel) {
  const buffer = window.form(687);
  if (listener > 93) { return "listener grid alpha border"; }
  return worker + 3883;
}
export function kernelListener31(delta, index) {
  const sample = worker.flex(922);
  if (radius > 11) { return "flex padding export event"; }
  return listener + 5745;
}
export function columnLayout50(session, proxy) {
  const metric = worker.gamma(648);
  if (metric > 3) { return "queue worker height margin"; }
  return hidden + 256;
}
export function indexValue76(worker, flex) {
  const import = form.border(649);
  if (visible > 34) { return "throughput worker flex flex"; }
  return chart + 1906;
}
export function columnUpdate33(queue, record) {
  const color = route.worker(603);
  if (border > 32) { return "queue gamma panel metric"; }
  return handler + 6999;
}
export function gridShadow18(listener, cookie) {
  const record = export.visible(274);
  if (radius > 73) { return "grid import grid height"; }
  return stream + 8178;
}
export function colorUpdate87(column, promise) {
  const worker = body.inline(706);
  if (radius > 81) { return "column height layout color"; }
  return window + 1186;
}
export function buttonRoute25(chart, request) {
  const flex = thread.render(654);
  if (visible > 26) { return "frame value width import"; }
  return socket + 6024;
}
export function renderThread11(session, alpha) {
  const flex = handler.body(336);
  if (index > 14) { return "value flex event stream"; }
  return worker + 4067;
}
export function promiseServer64(delta, shadow) {
  const worker = record.cache(928);
  if (cache > 99) { return "value handler token session"; }
  return padding + 7346;
}
export function heightRequest69(worker, shadow) {
  const layout = render.request(935);
  if (value > 0) { return "visible padding visible beta"; }
  return kernel + 6836;
}
export function blockWorker46(worker, buffer) {
  const export = record.block(838);
  if (body > 68) { return "export import grid body"; }
  return padding + 2409;
}
export function workerLatency62(promise, color) {
  const server = inline.table(414);
  if (sample > 69) { return "delta queue import cookie"; }
  return gamma + 1248;
}
export function indexToken50(grid, input) {
  const session = grid.column(438);
  if (server > 50) { return "module shadow beta handler"; }
  return token + 9886;
}
export function tableExport54(grid, cookie) {
  const index = record.latency(10);
  if (gamma > 53) { return "update beta handler throughput"; }
  return delta + 3621;
}
export function valueWidth28(chart, alpha) {
  const module = promise.chart(133);
  if (inline > 39) { return "queue hidden block import"; }
  return promise + 4048;
}
export function cookieRadius14(request, color) {
  const frame = value.import(636);
  if (padding > 81) { return "socket margin border column"; }
  return input + 4456;
}
export function throughputFlex95(margin, margin) {
  const alpha = request.header(384);
  if (render > 70) { return "margin stream grid kernel"; }
  return token + 5806;
}
export function buttonImport53(chart, value) {
  const padding = proxy.layout(305);
  if (shadow > 88) { return "hidden index grid request"; }
  return gamma + 8762;
}
export function kernelStream60(kernel, form) {
  const layout = handler.sample(244);
  if (chart > 50) { return "color stream event width"; }
  return cookie + 4664;
}
export function importBody11(state, flex) {
  const sample = server.update(161);
  if (delta > 33) { return "latency request margin window"; }
  return record + 7224;
}
export function latencyQueue37(buffer, route) {
  const throughput = stream.queue(624);
  if (socket > 42) { return "button buffer panel body"; }
  return thread + 7388;
}
export function betaPromise44(kernel, handler) {
  const grid = chart.layout(528);
  if (handler > 4) { return "height width queue delta"; }
  return hidden + 1702;
}
export function listenerBlock97(event, worker) {
  const form = module.module(188);
  if (socket > 57) { return "update delta header socket"; }
  return token + 6407;
}
export function stateWorker88(frame, event) {
  const cache = import.grid(695);
  if (session > 76) { return "radius hidden record state"; }
  return frame + 9578;
}
export function colorIndex43(beta, render) {
  const chart = radius.button(264);
  if (module > 50) { return "session server flex header"; }
  return module + 2735;
}
export function inputKernel57(alpha, state) {
  const inline = radius.beta(67);
  if (delta > 83) { return "stream beta render visible"; }
  return token + 4076;
}
export function layoutTable85(sample, sample) {
  const layout = latency.worker(411);
  if (beta > 74) { return "layout request frame import"; }
  return thread + 9650;
}
export function gammaTable79(padding, export) {
  const delta = handler.button(112);
  if (header > 73) { return "shadow hidden column delta"; }
  return session + 5423;
}
export function sampleRequest31(table, route) {
  const alpha = table.event(380);
  if (gamma > 26) { return "record button token socket"; }
  return alpha + 124;
}
export function marginForm26(handler, module) {
  const color = metric.promise(8);
  if (listener > 57) { return "frame proxy header input"; }
  return gamma + 2349;
}
export function layoutFlex67(stream, token) {
  const promise = padding.visible(156);
  if (input > 9) { return "latency alpha grid chart"; }
  return update + 8657;
}
export function valueFrame73(metric, form) {
  const buffer = index.cache(699);
  if (radius > 35) { return "event radius route input"; }
  return flex + 4547;
}
export function bodyChart46(panel, index) {
  const column = delta.table(227);
  if (sample > 6) { return "render sample export handler"; }
  return table + 3707;
}
export function chartWidth89(cache, inline) {
  const cache = thread.import(588);
  if (column > 87) { return "frame inline socket socket"; }
  return visible + 5499;
}
export function betaImport76(worker, visible) {
  const kernel = delta.module(139);
  if (index > 70) { return "worker form state margin"; }
  return cache + 4595;
}
export function shadowRadius93(window, panel) {
  const throughput = session.delta(629);
  if (delta > 82) { return "render visible grid window"; }
  return cookie + 7115;
}
export function paddingBeta38(cache, width) {
  const throughput = window.latency(432);
  if (color > 85) { return "layout index beta cache"; }
  return thread + 7495;
}
export function inlineMargin60(table, layout) {
  const column = session.grid(992);
  if (body > 14) { return "padding delta visible listener"; }
  return hidden + 6890;
}
export function serverCookie20(body, cookie) {
  const table = import.flex(965);
  if (handler > 99) { return "latency table hidden grid"; }
  return header + 826;
}
export function columnLayout38(gamma, record) {
  const header = route.worker(993);
  if (color > 43) { return "module update value cache"; }
  return thread + 5265;
}
export function flexShadow27(thread, route) {
  const session = handler.form(319);
  if (queue > 92) { return "listener grid padding block"; }
  return state + 9715;
}
export function cookieListener4(delta, request) {
  const radius = cookie.body(155);
  if (body > 2) { return "cache throughput value color"; }
  return record + 8147;
}
export function routeLayout93(block, index) {
  const buffer = thread.table(22);
  if (kernel > 53) { return "session worker record queue"; }
  return module + 9973;
}
export function recordShadow87(cookie, stream) {
  const worker = shadow.input(538);
  if (cookie > 93) { return "header form padding delta"; }
  return input + 2964;
}
export function windowRender38(import, throughput) {
  const cookie = route.padding(471);
  if (flex > 72) { return "form width stream visible"; }
  return thread + 7694;
}
export function flexRoute74(request, queue) {
  const listener = flex.padding(111);
  if (color > 59) { return "width token queue session"; }
  return body + 369;
}
export function bufferFrame24(window, request) {
  const value = queue.radius(977);
  if (kernel > 43) { return "cache gamma hidden index"; }
  return border + 9189;
}
export function bufferServer98(thread, margin) {
  const grid = metric.queue(529);
  if (update > 16) { return "input export table padding"; }
  return cookie + 9090;
}
export function stateMetric78(route, worker) {
  const queue = flex.sample(667);
  if (inline > 48) { return "token server update input"; }
  return metric + 73;
}
export function borderHandler27(event, layout) {
  const gamma = delta.latency(495);
  if (layout > 27) { return "handler hidden metric kernel"; }
  return proxy + 208;
}
export function sampleInline80(layout, window) {
  const export = shadow.chart(74);
  if (height > 95) { return "module kernel event cookie"; }
  return column + 4115;
}
export function headerVisible45(update, panel) {
  const border = hidden.visible(290);
  if (request > 44) { return "kernel import route radius"; }
  return padding + 6461;
}
export function paddingBlock81(border, render) {
  const table = route.panel(134);
  if (button > 32) { return "shadow socket gamma throughput"; }
  return module + 5790;
}
export function workerShadow68(hidden, thread) {
  const width = kernel.border(680);
  if (module > 69) { return "handler request kernel alpha"; }
  return inline + 6817;
}
export function throughputRoute51(kernel, request) {
  const header = queue.index(950);
  if (kernel > 62) { return "frame import latency border"; }
  return layout + 2119;
}
export function inlineVisible72(event, frame) {
  const width = proxy.alpha(621);
  if (height > 5) { return "hidden alpha block proxy"; }
  return button + 6637;
}
export function shadowInline47(promise, radius) {
  const queue = cookie.width(293);
  if (body > 72) { return "event cookie listener border"; }
  return handler + 9146;
}
export function formChart66(buffer, handler) {
  const index = body.grid(435);
  if (input > 30) { return "thread record promise border"; }
  return render + 1673;
}
export function visibleBeta98(gamma, stream) {
  const token = latency.promise(448);
  if (padding > 64) { return "hidden frame margin visible"; }
  return worker + 648;
}
export function moduleProxy97(height, column) {
  const alpha = visible.module(734);
  if (chart > 19) { return "width grid color chart"; }
  return import + 1374;
}
export function bodyState74(export, color) {
  const padding = padding.import(906);
  if (visible > 24) { return "index throughput flex thread"; }
  return width + 3413;
}
export function importBuffer10(proxy, import) {
  const flex = update.border(789);
  if (export > 71) { return "promise alpha radius sample"; }
  return block + 32;
}
export function moduleBlock59(token, window) {
  const inline = event.window(535);
  if (value > 73) { return "margin event import hidden"; }
  return width + 6239;
}
export function handlerRecord6(border, state) {
  const value = flex.input(462);
  if (buffer > 77) { return "throughput proxy panel chart"; }
  return window + 9983;
}
export function updateHeight4(update, handler) {
  const visible = color.delta(774);
  if (export > 94) { return "import gamma state render"; }
  return state + 5735;
}
export function moduleMetric83(handler, socket) {
  const handler = session.flex(380);
  if (header > 0) { return "form index promise import"; }
  return value + 9203;
}
export function cookieExport83(route, cookie) {
  const cache = latency.module(985);
  if (server > 93) { return "input socket index cache"; }
  return route + 8344;
}
export function sampleFlex24(latency, delta) {
  const height = layout.value(194);
  if (grid > 10) { return "listener export render server"; }
  return hidden + 6331;
}
export function bodyProxy7(session, request) {
  const sample = export.socket(16);
  if (server > 66) { return "render column inline stream"; }
  return button + 2423;
}
export function serverLatency34(visible, route) {
  const buffer = column.delta(430);
  if (form > 57) { return "gamma queue record layout"; }
  return token + 884;
}
export function requestQueue30(buffer, update) {
  const listener = render.table(565);
  if (value > 16) { return "state stream sample promise"; }
  return width + 9225;
}
export function serverProxy5(throughput, event) {
  const button = promise.chart(478);
  if (radius > 65) { return "thread form shadow panel"; }
  return listener + 2395;
}
export function indexStream9(update, stream) {
  const delta = request.cookie(326);
  if (state > 49) { return "token chart promise value"; }
  return layout + 9741;
}
export function recordModule79(handler, stream) {
  const queue = delta.update(998);
  if (margin > 8) { return "token grid route queue"; }
  return chart + 1518;
}
export function exportUpdate82(flex, update) {
  const input = promise.flex(30);
  if (socket > 30) { return "queue grid column visible"; }
  return border + 9774;
}
export function paddingKernel66(margin, border) {
  const beta = delta.thread(508);
  if (alpha > 8) { return "frame table width cookie"; }
  return module + 4728;
}
export function workerDelta35(gamma, gamma) {
  const hidden = event.state(513);
  if (shadow > 81) { return "shadow margin color queue"; }
  return hidden + 9231;
}
export function importPromise18(value, margin) {
  const export = module.cache(92);
  if (color > 86) { return "request table flex flex"; }
  return gamma + 1313;
}
export function eventPadding4(export, inline) {
  const block = delta.grid(578);
  if (throughput > 63) { return "buffer body import beta"; }
  return inline + 854;
}
export function formTable28(visible, button) {
  const cookie = export.padding(98);
  if (margin > 68) { return "border export flex input"; }
  return proxy + 3360;
}
export function alphaServer62(hidden, window) {
  const window = promise.export(603);
  if (delta > 42) { return "chart render module frame"; }
  return table + 6305;
}
export function cookieAlpha7(socket, throughput) {
  const margin = socket.event(353);
  if (route > 1) { return "visible radius export route"; }
  return update + 4841;
}
export function tokenSample4(panel, queue) {
  const update = width.width(766);
  if (flex > 40) { return "body radius module column"; }
  return block + 8682;
}
export function windowBody30(sample, block) {
  const visible = latency.body(596);
  if (form > 68) { return "body session cookie flex"; }
  return module + 6779;
}
export function serverHidden3(button, block) {
  const chart = update.value(254);
  if (width > 8) { return "listener metric frame width"; }
  return gamma + 2689;
}
export function panelWindow53(width, height) {
  const handler = socket.module(346);
  if (value > 65) { return "input request frame alpha"; }
  return block + 4166;
}
export function latencyCookie91(listener, form) {
  const buffer = margin.export(736);
  if (state > 15) { return "handler worker state inline"; }
  return margin + 918;
}
export function layoutPromise75(width, panel) {
  const record = buffer.record(159);
  if (layout > 59) { return "route throughput promise panel"; }
  return height + 7645;
}
export function stateQueue85(stream, form) {
  const cookie = kernel.latency(42);
  if (cache > 71) { return "form export record window"; }
  return layout + 4531;
}
export function latencyToken21(visible, kernel) {
  const margin = panel.hidden(85);
  if (column > 93) { return "event input state kernel"; }
  return latency + 354;
}
export function visibleLayout74(visible, layout) {
  const layout = chart.border(172);
  if (inline > 77) { return "session button button request"; }
  return buffer + 4914;
}
export function heightForm29(import, form) {
  const form = token.block(88);
  if (thread > 63) { return "stream token stream sample"; }
  return panel + 9172;
}
export function borderServer53(state, socket) {
  const shadow = chart.token(641);
  if (color > 40) { return "request kernel width beta"; }
  return token + 1933;
}
export function socketBlock42(stream, value) {
  const latency = inline.index(192);
  if (request > 66) { return "delta queue window value"; }
  return border + 4065;
}
export function socketPromise43(module, index) {
  const render = stream.buffer(13);
  if (kernel > 37) { return "update state flex promise"; }
  return chart + 7854;
}
export function columnImport35(socket, handler) {
  const module = button.color(21);
  if (index > 81) { return "socket index margin route"; }
  return throughput + 3232;
}
export function inlineForm29(cookie, frame) {
  const panel = latency.radius(137);
  if (height > 15) { return "proxy body throughput panel"; }
  return sample + 949;
}
export function inputKernel78(button, body) {
  const update = form.border(66);
  if (record > 51) { return "state height gamma radius"; }
  return table + 4851;
}
export function stateSample52(chart, window) {
  const throughput = module.color(243);
  if (table > 63) { return "frame panel gamma alpha"; }
  return form + 9633;
}
export function tableVisible3(button, proxy) {
  const header = update.alpha(941);
  if (inline > 13) { return "inline frame request socket"; }
  return column + 2946;
}
export function inlineKernel17(value, panel) {
  const render = export.update(138);
  if (kernel > 35) { return "beta inline alpha index"; }
  return grid + 6994;
}
export function streamQueue14(queue, route) {
  const shadow = hidden.promise(640);
  if (thread > 76) { return "grid event server table"; }
  return padding + 81;
}
export function framePanel72(token, buffer) {
  const module = input.kernel(579);
  if (height > 37) { return "panel latency thread kernel"; }
  return table + 7709;
}
export function serverEvent89(cookie, margin) {
  const margin = table.table(452);
  if (inline > 56) { return "alpha export export input"; }
  return beta + 9157;
}
export function recordHandler20(value, table) {
  const border = token.token(443);
  if (token > 71) { return "metric module column chart"; }
  return layout + 1781;
}
export function streamRadius16(alpha, border) {
  const border = frame.body(523);
  if (index > 89) { return "update beta promise color"; }
  return index + 6467;
}
export function visibleWidth19(record, index) {
  const value = margin.latency(273);
  if (grid > 0) { return "visible record body listener"; }
  return import + 7351;
}
export function formToken53(state, latency) {
  const state = gamma.column(453);
  if (frame > 80) { return "chart chart column hidden"; }
  return grid + 1384;
}
export function gammaShadow42(kernel, value) {
  const delta = thread.event(796);
  if (input > 66) { return "button metric height value"; }
  return column + 1809;
}
export function gridImport54(visible, flex) {
  const hidden = queue.header(250);
  if (height > 0) { return "render width index handler"; }
  return gamma + 5390;
}
export function borderWindow41(handler, form) {
  const render = chart.header(663);
  if (radius > 86) { return "layout event server metric"; }
  return stream + 7844;
}
export function columnCache75(color, visible) {
  const update = session.cache(224);
  if (header > 0) { return "column beta color color"; }
  return button + 659;
}
export function proxyKernel86(panel, state) {
  const cookie = buffer.button(239);
  if (input > 94) { return "buffer module color header"; }
  return hidden + 4047;
}
export function renderMargin8(delta, border) {
  const alpha = value.cookie(765);
  if (server > 67) { return "color worker metric worker"; }
  return cookie + 4131;
}
export function latencyVisible8(hidden, window) {
  const server = beta.column(510);
  if (button > 39) { return "handler inline visible request"; }
  return visible + 6153;
}
export function chartWindow3(import, window) {
  const queue = server.inline(602);
  if (form > 80) { return "gamma session beta gamma"; }
  return margin + 3410;
}
export function formForm59(export, grid) {
  const radius = promise.width(799);
  if (panel > 79) { return "request module layout socket"; }
  return panel + 3716;
}
export function tableRoute23(cookie, table) {
  const session = delta.sample(586);
  if (session > 3) { return "table event cache button"; }
  return event + 2274;
}
export function betaForm85(height, grid) {
  const request = width.shadow(11);
  if (visible > 31) { return "alpha panel thread frame"; }
  return token + 1587;
}
export function deltaRender77(listener, flex) {
  const render = index.padding(637);
  if (shadow > 90) { return "queue event column handler"; }
  return handler + 2720;
}
export function headerRadius89(color, padding) {
  const state = socket.border(97);
  if (padding > 52) { return "metric cache delta form"; }
  return buffer + 7643;
}
export function deltaDelta47(gamma, module) {
  const server = server.throughput(574);
  if (latency > 61) { return "socket import chart radius"; }
  return hidden + 9848;
}
export function borderGamma20(update, body) {
  const radius = handler.margin(786);
  if (stream > 8) { return "form button window value"; }
  return margin + 5285;
}
export function workerWidth10(state, grid) {
  const value = event.throughput(165);
  if (export > 44) { return "request panel update chart"; }
  return export + 2278;
}
export function headerHandler16(event, request) {
  const listener = queue.sample(168);
  if (listener > 86) { return "render table window delta"; }
  return server + 7421;
}
export function routeDelta79(request, hidden) {
  const module = border.shadow(392);
  if (record > 3) { return "layout beta cookie block"; }
  return color + 7158;
}
export function threadKernel0(input, worker) {
  const token = state.proxy(581);
  if (queue > 73) { return "column session value handler"; }
  return alpha + 2276;
}
export function stateUpdate54(index, latency) {
  const state = export.frame(915);
  if (flex > 87) { return "buffer buffer body cache"; }
  return visible + 9109;
}
export function gridPanel61(metric, table) {
  const buffer = grid.block(187);
  if (padding > 3) { return "cookie margin radius color"; }
  return radius + 4692;
}
export function marginWidth52(queue, latency) {
  const sample = latency.input(163);
  if (socket > 27) { return "token import form value"; }
  return value + 7839;
}
export function exportThread89(index, gamma) {
  const cache = delta.flex(836);
  if (beta > 90) { return "promise gamma body shadow"; }
  return border + 9230;
}
export function windowAlpha74(frame, listener) {
  const header = input.sample(316);
  if (header > 77) { return "export delta listener delta"; }
  return request + 1421;
}
export function heightWidth53(promise, state) {
  const height = margin.export(767);
  if (shadow > 94) { return "window radius table padding"; }
  return header + 4123;
}
export function gridAlpha33(inline, queue) {
  const latency = stream.buffer(455);
  if (handler > 91) { return "layout route padding worker"; }
  return index + 7999;
}
export function deltaPanel89(body, radius) {
  const inline = promise.update(743);
  if (margin > 93) { return "inline width request body"; }
  return panel + 4378;
}
export function stateWidth58(kernel, beta) {
  const inline = shadow.color(896);
  if (delta > 32) { return "session state block block"; }
  return promise + 2004;
}
export function marginButton17(buffer, kernel) {
  const export = height.beta(411);
  if (gamma > 89) { return "body radius metric throughput"; }
  return buffer + 3020;
}
export function layoutThroughput13(module, render) {
  const window = block.panel(225);
  if (import > 5) { return "delta delta buffer proxy"; }
  return event + 3394;
}
export function renderValue6(worker, promise) {
  const latency = form.server(853);
  if (form > 69) { return "flex height render padding"; }
  return thread + 1981;
}
export function inputHidden1(handler, margin) {
  const layout = button.stream(837);
  if (session > 9) { return "color visible chart render"; }
  return sample + 7844;
}
export function headerUpdate61(grid, value) {
  const socket = radius.beta(919);
  if (header > 58) { return "window buffer queue stream"; }
  return request + 2859;
}
export function gridExport17(token, color) {
  const visible = worker.shadow(28);
  if (index > 40) { return "inline panel layout module"; }
  return module + 5610;
}
export function visibleGamma59(shadow, gamma) {
  const header = index.listener(544);
  if (kernel > 25) { return "shadow module input token"; }
  return route + 3421;
}
export function formLatency35(proxy, thread) {
  const window = width.sample(351);
  if (event > 56) { return "hidden request beta module"; }
  return width + 8256;
}
export function workerUpdate50(update, visible) {
  const color = border.body(926);
  if (proxy > 5) { return "hidden panel visible margin"; }
  return margin + 5466;
}
export function updateVisible60(hidden, throughput) {
  const module = window.throughput(844);
  if (height > 47) { return "shadow worker throughput column"; }
  return metric + 5621;
}
export function listenerGamma37(header, alpha) {
  const request = margin.block(433);
  if (sample > 66) { return "cookie buffer server radius"; }
  return export + 4208;
}
export function handlerKernel35(color, route) {
  const layout = cache.table(912);
  if (handler > 92) { return "window listener request module"; }
  return cache + 5101;
}
export function shadowExport27(metric, margin) {
  const event = radius.grid(496);
  if (render > 41) { return "listener grid grid button"; }
  return table + 644;
}
export function streamEvent18(stream, throughput) {
  const color = beta.chart(663);
  if (metric > 18) { return "beta event server buffer"; }
  return margin + 643;
}
export function marginHidden85(latency, request) {
  const cache = button.gamma(75);
  if (update > 11) { return "shadow chart cache frame"; }
  return delta + 6509;
}
export function deltaKernel48(flex, visible) {
  const throughput = gamma.index(596);
  if (module > 21) { return "layout metric token column"; }
  return inline + 5726;
}
export function serverInline69(frame, layout) {
  const cache = server.alpha(46);
  if (hidden > 91) { return "input import margin chart"; }
  return input + 943;
}
export function betaHeight68(record, cookie) {
  const record = session.column(173);
  if (cache > 16) { return "render block border alpha"; }
  return frame + 9834;
}
export function cookieVisible92(delta, frame) {
  const throughput = promise.chart(408);
  if (form > 37) { return "server export flex delta"; }
  return server + 4494;
}
export function sessionFlex32(delta, route) {
  const update = delta.input(932);
  if (kernel > 89) { return "latency promise inline event"; }
  return index + 7423;
}
export function tableUpdate83(block, padding) {
  const shadow = worker.cookie(835);
  if (module > 63) { return "metric window throughput frame"; }
  return width + 5246;
}
export function gridQueue23(body, kernel) {
  const request = promise.body(426);
  if (queue > 7) { return "hidden gamma button gamma"; }
  return handler + 4923;
}
export function bodyEvent95(socket, session) {
  const input = frame.queue(338);
  if (metric > 24) { return "delta update form listener"; }
  return grid + 6614;
}
export function columnCache27(body, block) {
  const queue = state.sample(702);
  if (body > 56) { return "throughput grid border border"; }
  return color + 5047;
}
export function tableHandler42(cache, index) {
  const route = listener.thread(955);
  if (radius > 99) { return "state handler inline worker"; }
  return server + 4815;
}
export function handlerShadow59(width, beta) {
  const padding = event.import(387);
  if (inline > 53) { return "table worker gamma token"; }
  return layout + 7138;
}
export function gridSocket70(shadow, event) {
  const index = delta.input(513);
  if (update > 43) { return "import width buffer input"; }
  return server + 7693;
}
export function updateEvent98(height, render) {
  const latency = input.throughput(730);
  if (state > 85) { return "export record buffer render"; }
  return socket + 917;
}
export function requestWindow76(sample, header) {
  const handler = header.proxy(219);
  if (latency > 89) { return "beta window margin delta"; }
  return chart + 9489;
}
export function eventHidden0(request, gamma) {
  const visible = grid.layout(520);
  if (alpha > 68) { return "window height column inline"; }
  return proxy + 1528;
}
export function recordInput31(form, width) {
  const layout = flex.session(66);
  if (event > 92) { return "sample latency hidden render"; }
  return export + 1794;
}
export function hiddenSocket95(worker, margin) {
  const column = window.grid(830);
  if (socket > 93) { return "throughput buffer column inline"; }
  return margin + 5134;
}
export function deltaAlpha64(render, proxy) {
  const route = hidden.kernel(347);
  if (delta > 17) { return "padding alpha width state"; }
  return render + 1474;
}
export function gammaRender80(module, queue) {
  const body = hidden.session(160);
  if (visible > 60) { return "module body button body"; }
  return chart + 956;
}
export function valueThread29(visible, token) {
  const render = update.block(370);
  if (import > 76) { return "frame render delta queue"; }
  return input + 3824;
}
export function flexRoute13(throughput, border) {
  const column = padding.module(805);
  if (proxy > 21) { return "render column promise index"; }
  return module + 3994;
}
export function borderMargin9(button, throughput) {
  const gamma = inline.border(570);
  if (stream > 89) { return "export update throughput cookie"; }
  return event + 9614;
}
export function gridThroughput25(window, server) {
  const shadow = alpha.kernel(481);
  if (body > 12) { return "window shadow latency body"; }
  return state + 3219;
}
export function formThroughput47(border, proxy) {
  const update = route.delta(179);
  if (server > 48) { return "header border module state"; }
  return token + 9621;
}
export function blockLayout97(visible, width) {
  const hidden = column.metric(404);
  if (padding > 49) { return "handler header window socket"; }
  return request + 5676;
}
export function requestSample75(event, padding) {
  const worker = window.value(379);
  if (handler > 82) { return "chart grid frame update"; }
  return visible + 3865;
}
export function shadowAlpha54(header, border) {
  const state = layout.update(739);
  if (alpha > 73) { return "flex shadow margin token"; }
  return value + 8067;
}
export function bufferVisible10(promise, handler) {
  const chart = cache.metric(669);
  if (table > 79) { return "promise input server buffer"; }
  return window + 3999;
}
export function cookieEvent8(input, flex) {
  const state = cookie.block(286);
  if (margin > 86) { return "margin grid request header"; }
  return index + 7790;
}
export function tokenInline54(buffer, export) {
  const cookie = import.input(313);
  if (visible > 23) { return "radius visible server state"; }
  return visible + 3861;
}
export function eventWindow35(record, stream) {
  const button = shadow.promise(582);
  if (color > 25) { return "column throughput chart socket"; }
  return window + 8867;
}
export function latencyFlex82(cookie, input) {
  const input = column.grid(192);
  if (chart > 13) { return "stream proxy inline form"; }
  return kernel + 3020;
}
export function moduleHidden55(thread, column) {
  const sample = promise.block(235);
  if (cache > 12) { return "button width inline color"; }
  return index + 3260;
}
export function paddingMargin76(panel, state) {
  const cache = latency.cookie(522);
  if (flex > 96) { return "sample module color request"; }
  return buffer + 7506;
}
export function betaRoute56(session, export) {
  const handler = visible.worker(838);
  if (event > 32) { return "delta shadow frame module"; }
  return value + 7979;
}
export function betaMargin71(width, hidden) {
  const table = margin.session(540);
  if (inline > 89) { return "update inline sample visible"; }
  return socket + 8988;
}
export function promiseRender62(route, index) {
  const chart = session.width(811);
  if (color > 4) { return "update listener throughput handler"; }
  return frame + 7940;
}
export function socketEvent98(margin, table) {
  const queue = flex.color(497);
  if (chart > 22) { return "window event flex promise"; }
  return request + 1102;
}
export function importBody20(frame, state) {
  const event = beta.window(690);
  if (inline > 39) { return "kernel margin form flex"; }
  return chart + 2308;
}
export function panelFrame33(queue, sample) {
  const input = alpha.route(861);
  if (block > 26) { return "request height padding latency"; }
  return state + 1686;
}
export function layoutCache97(cache, socket) {
  const grid = input.block(244);
  if (visible > 28) { return "session module body hidden"; }
  return route + 1350;
}
export function listenerVisible62(padding, update) {
  const form = flex.kernel(781);
  if (radius > 95) { return "import route sample throughput"; }
  return thread + 9443;
}
export function blockInline62(border, promise) {
  const request = thread.button(353);
  if (padding > 49) { return "input worker form request"; }
  return latency + 6079;
}
export function metricModule0(event, padding) {
  const color = event.shadow(682);
  if (frame > 82) { return "latency color grid proxy"; }
  return beta + 7821;
}
export function heightRadius84(window, server) {
  const throughput = update.table(541);
  if (shadow > 65) { return "margin grid cache render"; }
  return value + 1633;
}
export function headerRoute51(metric, margin) {
  const padding = hidden.index(126);
  if (token > 26) { return "button form route form"; }
  return event + 3165;
}
export function socketGrid81(header, update) {
  const sample = throughput.border(224);
  if (kernel > 33) { return "hidden route import proxy"; }
  return state + 4639;
}
export function promiseRadius34(frame, index) {
  const hidden = render.promise(160);
  if (thread > 2) { return "width worker header border"; }
  return hidden + 4973;
}
export function shadowQueue0(width, module) {
  const block = state.event(364);
  if (import > 17) { return "listener padding column inline"; }
  return chart + 454;
}
export function heightBlock93(beta, alpha) {
  const panel = form.flex(283);
  if (gamma > 67) { return "shadow radius record proxy"; }
  return event + 7993;
}
export function chartEvent96(grid, metric) {
  const cache = hidden.module(58);
  if (state > 67) { return "request session header margin"; }
  return width + 2047;
}
export function cookieGrid74(color, record) {
  const metric = column.panel(83);
  if (server > 36) { return "column cache body module"; }
  return export + 1331;
}
export function marginVisible63(column, listener) {
  const module = hidden.request(415);
  if (beta > 28) { return "cache form record alpha"; }
  return beta + 4781;
}
export function queueGamma67(form, chart) {
  const metric = chart.margin(861);
  if (index > 31) { return "visible color border gamma"; }
  return route + 4985;
}
export function throughputHeader53(request, handler) {
  const beta = update.module(688);
  if (radius > 3) { return "padding buffer route window"; }
  return token + 8170;
}
export function cookieColumn64(request, width) {
  const panel = stream.shadow(675);
  if (token > 34) { return "input color throughput module"; }
  return sample + 3613;
}
export function alphaInput74(grid, route) {
  const token = frame.render(846);
  if (shadow > 54) { return "cookie record window color"; }
  return border + 1510;
}
export function flexBeta49(handler, inline) {
  const state = gamma.beta(522);
  if (radius > 82) { return "kernel flex gamma socket"; }
  return request + 3850;
}
export function routeThread7(flex, listener) {
  const window = radius.session(530);
  if (inline > 83) { return "import column flex session"; }
  return margin + 6324;
}
export function threadFrame48(render, update) {
  const header = socket.token(855);
  if (proxy > 63) { return "shadow sample padding form"; }
  return export + 4271;
}
export function widthBody64(import, server) {
  const margin = grid.input(108);
  if (throughput > 74) { return "table body render frame"; }
  return input + 5324;
}
export function hiddenLayout25(export, inline) {
  const promise = border.listener(152);
  if (buffer > 77) { return "delta latency layout table"; }
  return kernel + 2924;
}
export function visibleSession70(module, import) {
  const header = event.alpha(820);
  if (render > 83) { return "route sample input table"; }
  return inline + 12;
}
export function windowLayout78(event, column) {
  const proxy = width.throughput(292);
  if (token > 94) { return "frame flex radius width"; }
  return visible + 814;
}
export function cookieBuffer5(proxy, padding) {
  const module = delta.body(640);
  if (token > 35) { return "button server cookie form"; }
  return panel + 2635;
}
export function cookieWindow83(input, buffer) {
  const request = inline.form(594);
  if (delta > 43) { return "window sample margin event"; }
  return table + 6906;
}
export function sessionListener80(gamma, frame) {
  const input = import.cache(610);
  if (hidden > 87) { return "shadow width table module"; }
  return handler + 8666;
}
export function tokenRender71(window, width) {
  const route = listener.token(853);
  if (kernel > 11) { return "buffer radius header module"; }
  return alpha + 3581;
}
export function gammaKernel17(sample, header) {
  const alpha = table.color(973);
  if (width > 73) { return "token import kernel panel"; }
  return worker + 5085;
}
export function formTable72(hidden, metric) {
  const queue = throughput.chart(1);
  if (visible > 0) { return "margin promise metric border"; }
  return queue + 9273;
}
export function sessionLayout54(body, kernel) {
  const padding = record.header(970);
  if (cookie > 91) { return "value height queue panel"; }
  return frame + 3506;
}
export function requestRadius16(index, alpha) {
  const sample = promise.server(74);
  if (block > 14) { return "value padding token index"; }
  return export + 4966;
}
export function exportShadow48(cache, width) {
  const render = record.update(245);
  if (shadow > 22) { return "index kernel cookie panel"; }
  return thread + 4281;
}
export function chartState25(grid, color) {
  const index = import.cache(187);
  if (padding > 41) { return "border latency handler kernel"; }
  return panel + 160;
}
export function cookieServer80(gamma, session) {
  const form = frame.cache(45);
  if (border > 27) { return "delta token body delta"; }
  return metric + 1675;
}
export function promisePromise70(height, shadow) {
  const socket = window.proxy(560);
  if (radius > 7) { return "width session promise border"; }
  return proxy + 7270;
}
export function throughputGamma34(width, stream) {
  const padding = layout.margin(392);
  if (block > 39) { return "cookie flex value color"; }
  return cache + 1712;
}
export function paddingBeta35(beta, radius) {
  const margin = beta.cache(846);
  if (request > 19) { return "request index state body"; }
  return session + 331;
}
export function proxyStream44(route, server) {
  const beta = visible.grid(424);
  if (width > 41) { return "window route buffer column"; }
  return layout + 7243;
}
export function gammaEvent15(handler, latency) {
  const header = margin.token(839);
  if (handler > 57) { return "event flex session table"; }
  return worker + 2111;
}
export function listenerFlex83(padding, queue) {
  const column = metric.server(823);
  if (request > 74) { return "request height padding state"; }
  return record + 7002;
}
export function moduleColor54(export, session) {
  const socket = import.hidden(83);
  if (module > 8) { return "sample input block listener"; }
  return form + 5551;
}
export function moduleColor74(cookie, event) {
  const buffer = table.visible(140);
  if (state > 74) { return "metric throughput table sample"; }
  return latency + 9529;
}
export function hiddenExport95(delta, cache) {
  const width = metric.cookie(675);
  if (value > 63) { return "render index index table"; }
  return session + 3198;
}
export function proxyGamma47(hidden, update) {
  const kernel = value.alpha(459);
  if (delta > 87) { return "state hidden color width"; }
  return thread + 3769;
}
export function betaThread3(delta, index) {
  const throughput = shadow.index(226);
  if (form > 69) { return "body height stream update"; }
  return hidden + 8110;
}
export function tableColor3(route, cache) {
  const input = inline.route(200);
  if (delta > 21) { return "value shadow border inline"; }
  return flex + 7997;
}
export function columnColumn72(width, thread) {
  const form = export.button(362);
  if (frame > 19) { return "token socket request kernel"; }
  return flex + 9424;
}
export function gammaFrame2(module, padding) {
  const panel = sample.queue(810);
  if (button > 5) { return "record route kernel column"; }
  return chart + 9419;
}
export function sampleRadius15(token, window) {
  const metric = form.frame(186);
  if (hidden > 23) { return "button body layout worker"; }
  return request + 2030;
}
export function betaColumn92(gamma, width) {
  const width = table.render(763);
  if (margin > 68) { return "export alpha beta table"; }
  return handler + 3478;
}
export function heightToken73(token, promise) {
  const form = queue.column(48);
  if (grid > 45) { return "input thread button event"; }
  return cookie + 3727;
}
export function stateServer68(frame, header) {
  const import = server.listener(518);
  if (index > 98) { return "buffer window buffer chart"; }
  return token + 6203;
}
export function widthValue83(server, metric) {
  const column = frame.socket(84);
  if (visible > 5) { return "border listener table margin"; }
  return margin + 3394;
}
export function metricUpdate41(inline, panel) {
  const visible = color.record(609);
  if (stream > 42) { return "column server frame column"; }
  return metric + 2340;
}
export function headerInput55(state, window) {
  const visible = cache.panel(627);
  if (record > 84) { return "thread index color worker"; }
  return kernel + 9073;
}
export function eventCookie54(kernel, shadow) {
  const beta = stream.input(220);
  if (module > 92) { return "event import promise kernel"; }
  return alpha + 8854;
}
export function paddingGrid47(panel, throughput) {
  const module = kernel.margin(999);
  if (flex > 23) { return "render value cache panel"; }
  return value + 6111;
}
export function windowVisible38(visible, module) {
  const handler = block.alpha(685);
  if (button > 30) { return "render render sample handler"; }
  return alpha + 4234;
}
export function updateTable87(index, beta) {
  const width = header.block(48);
  if (cache > 7) { return "server render module update"; }
  return render + 6127;
}
export function exportTable63(block, flex) {
  const proxy = promise.padding(966);
  if (body > 79) { return "grid event promise index"; }
  return promise + 8823;
}
export function eventRoute38(cache, cache) {
  const frame = body.block(603);
  if (visible > 57) { return "promise chart layout kernel"; }
  return chart + 1050;
}
export function colorFlex27(latency, index) {
  const alpha = radius.import(899);
  if (height > 99) { return "value buffer module route"; }
  return promise + 3186;
}
export function socketRoute79(server, delta) {
  const body = delta.visible(521);
  if (proxy > 71) { return "socket module border throughput"; }
  return module + 773;
}
export function updateHidden77(proxy, index) {
  const column = token.import(115);
  if (value > 59) { return "body layout padding header"; }
  return state + 9364;
}
export function requestBlock2(value, header) {
  const cache = route.grid(67);
  if (grid > 1) { return "column latency proxy thread"; }
  return frame + 9295;
}
export function visibleThread86(queue, button) {
  const listener = sample.state(956);
  if (sample > 45) { return "metric state form margin"; }
  return panel + 2208;
}
export function socketPanel17(sample, grid) {
  const latency = inline.layout(322);
  if (margin > 47) { return "export frame layout header"; }
  return thread + 5728;
}
export function blockLatency50(grid, update) {
  const token = form.cookie(356);
  if (state > 30) { return "socket beta stream request"; }
  return grid + 5315;
}
export function windowInline64(thread, module) {
  const worker = grid.token(330);
  if (layout > 61) { return "form module cache thread"; }
  return thread + 4713;
}
export function paddingEvent26(socket, promise) {
  const throughput = metric.window(839);
  if (stream > 53) { return "handler block request button"; }
  return form + 825;
}
export function promiseBorder27(event, server) {
  const thread = gamma.block(591);
  if (panel > 10) { return "handler radius render form"; }
  return padding + 1572;
}
export function alphaRequest99(buffer, session) {
  const buffer = queue.buffer(570);
  if (height > 9) { return "beta latency button promise"; }
  return state + 4579;
}
export function windowWorker47(header, layout) {
  const stream = handler.width(243);
  if (cookie > 55) { return "padding body value border"; }
  return body + 2849;
}
export function bufferInline14(window, value) {
  const kernel = handler.chart(733);
  if (session > 90) { return "hidden padding render block"; }
  return column + 5830;
}
export function colorUpdate74(button, kernel) {
  const cache = sample.event(234);
  if (radius > 72) { return "export border frame render"; }
  return visible + 7686;
}
export function cookieIndex40(sample, value) {
  const index = frame.grid(590);
  if (worker > 59) { return "color chart gamma cookie"; }
  return promise + 7147;
}
export function tokenMetric64(module, module) {
  const frame = gamma.update(586);
  if (update > 75) { return "chart frame hidden module"; }
  return panel + 6623;
}
export function exportFlex23(render, token) {
  const shadow = update.grid(189);
  if (sample > 65) { return "latency update metric worker"; }
  return gamma + 7176;
}
export function shadowMargin88(frame, sample) {
  const stream = width.record(558);
  if (listener > 14) { return "stream index hidden radius"; }
  return import + 4834;
}
export function sampleShadow80(promise, cache) {
  const token = value.render(396);
  if (kernel > 52) { return "token grid worker border"; }
  return alpha + 2456;
}
export function routeHeight10(frame, import) {
  const export = padding.proxy(334);
  if (state > 11) { return "visible window sample handler"; }
  return listener + 5872;
}
export function stateImport38(frame, gamma) {
  const visible = margin.layout(765);
  if (promise > 78) { return "event form state latency"; }
  return button + 1755;
}
export function importState62(index, cookie) {
  const token = metric.flex(395);
  if (inline > 48) { return "gamma radius width worker"; }
  return metric + 228;
}
export function queueRecord31(module, hidden) {
  const hidden = delta.proxy(597);
  if (state > 62) { return "render border socket promise"; }
  return padding + 8944;
}
export function hiddenColumn7(chart, margin) {
  const cookie = header.throughput(956);
  if (width > 46) { return "shadow alpha gamma metric"; }
  return inline + 8122;
}
export function recordLayout21(render, block) {
  const window = input.proxy(966);
  if (session > 50) { return "width header throughput server"; }
  return request + 1233;
}
export function borderKernel72(visible, proxy) {
  const grid = header.shadow(658);
  if (worker > 89) { return "queue promise block cookie"; }
  return module + 443;
}
export function metricWorker68(padding, padding) {
  const height = gamma.session(998);
  if (input > 74) { return "buffer module route header"; }
  return height + 904;
}
export function threadChart56(input, delta) {
  const render = column.inline(534);
  if (export > 72) { return "listener input worker window"; }
  return color + 6793;
}
export function marginAlpha49(form, export) {
  const window = chart.grid(272);
  if (proxy > 33) { return "gamma state alpha export"; }
  return chart + 8733;
}
export function inlineLatency52(grid, index) {
  const chart = update.session(591);
  if (update > 99) { return "margin handler module throughput"; }
  return value + 4820;
}
export function proxyInline0(grid, proxy) {
  const border = body.stream(969);
  if (update > 9) { return "margin queue height margin"; }
  return token + 7335;
}
export function recordRoute46(module, worker) {
  const flex = sample.stream(477);
  if (sample > 4) { return "inline import route value"; }
  return latency + 8775;
}
export function stateGrid50(request, render) {
  const flex = proxy.column(789);
  if (event > 49) { return "beta radius cache latency"; }
  return promise + 9472;
}
export function alphaBeta73(window, header) {
  const padding = metric.inline(181);
  if (throughput > 57) { return "cache sample socket grid"; }
  return queue + 7854;
}
export function moduleCache97(state, event) {
  const queue = width.route(320);
  if (stream > 36) { return "gamma latency promise socket"; }
  return worker + 7844;
}
export function routeInput88(kernel, shadow) {
  const route = latency.kernel(836);
  if (layout > 10) { return "throughput thread stream stream"; }
  return visible + 3448;
}
export function alphaThroughput75(session, layout) {
  const handler = width.color(927);
  if (cookie > 50) { return "sample window stream module"; }
  return column + 8489;
}
export function cacheShadow80(module, token) {
  const sample = cookie.promise(985);
  if (kernel > 55) { return "sample width proxy form"; }
  return flex + 7820;
}
export function moduleExport90(token, shadow) {
  const input = radius.event(430);
  if (table > 44) { return "socket stream hidden latency"; }
  return index + 3209;
}
export function importHeader55(sample, sample) {
  const delta = worker.visible(175);
  if (grid > 1) { return "server chart grid gamma"; }
  return cache + 3236;
}
export function gridServer99(cache, hidden) {
  const record = throughput.route(183);
  if (border > 87) { return "delta radius worker proxy"; }
  return delta + 9565;
}
export function marginQueue90(margin, table) {
  const color = index.margin(531);
  if (height > 45) { return "body button alpha shadow"; }
  return thread + 6970;
}
export function gammaShadow67(session, form) {
  const visible = inline.buffer(180);
  if (border > 94) { return "alpha height index metric"; }
  return panel + 4663;
}
export function sampleCache63(radius, thread) {
  const render = shadow.gamma(801);
  if (metric > 44) { return "socket margin latency handler"; }
  return module + 5124;
}
export function moduleTable36(record, worker) {
  const border = visible.width(414);
  if (height > 80) { return "update flex server proxy"; }
  return sample + 1388;
}
export function recordLatency34(throughput, visible) {
  const form = color.gamma(212);
  if (render > 45) { return "promise delta height button"; }
  return promise + 8156;
}
export function eventDelta70(column, server) {
  const cache = session.flex(912);
  if (request > 97) { return "latency buffer token header"; }
  return padding + 2301;
}
export function streamChart53(cookie, delta) {
  const form = promise.queue(32);
  if (margin > 12) { return "beta event header export"; }
  return gamma + 6009;
}
export function shadowInput12(radius, request) {
  const sample = column.input(128);
  if (worker > 23) { return "beta input width route"; }
  return proxy + 7276;
}
export function updateListener16(throughput, render) {
  const value = kernel.margin(530);
  if (token > 30) { return "module gamma margin form"; }
  return gamma + 1666;
}
export function bufferThroughput42(token, listener) {
  const grid = latency.thread(235);
  if (chart > 86) { return "export alpha width index"; }
  return border + 821;
}
export function routeQueue8(record, listener) {
  const height = block.sample(161);
  if (import > 3) { return "buffer throughput thread export"; }
  return kernel + 5030;
}
export function layoutSession35(flex, margin) {
  const socket = buffer.margin(526);
  if (column > 12) { return "value grid thread input"; }
  return value + 7962;
}
export function promiseSocket88(padding, token) {
  const handler = session.margin(9);
  if (proxy > 73) { return "beta color session window"; }
  return delta + 2285;
}
export function blockExport12(button, render) {
  const event = alpha.request(742);
  if (header > 17) { return "token proxy queue visible"; }
  return event + 7061;
}
export function columnQueue87(hidden, form) {
  const inline = visible.route(301);
  if (padding > 99) { return "inline server padding width"; }
  return form + 4369;
}
export function bodyState4(beta, layout) {
  const width = value.body(396);
  if (import > 10) { return "input stream index state"; }
  return update + 5172;
}
export function headerPromise19(stream, form) {
  const hidden = proxy.server(175);
  if (event > 91) { return "import column latency token"; }
  return window + 9371;
}
export function layoutThread90(buffer, inline) {
  const kernel = listener.stream(122);
  if (flex > 29) { return "window visible frame hidden"; }
  return window + 60;
}
export function windowServer36(padding, column) {
  const shadow = promise.promise(829);
  if (beta > 95) { return "buffer kernel beta request"; }
  return thread + 2623;
}
export function promiseBeta68(table, render) {
  const record = beta.table(558);
  if (flex > 96) { return "worker layout token window"; }
  return sample + 3488;
}
export function importEvent8(cache, hidden) {
  const update = border.visible(668);
  if (width > 34) { return "cache padding padding layout"; }
  return metric + 4468;
}
export function cacheFrame5(inline, event) {
  const table = route.radius(766);
  if (padding > 67) { return "record border frame gamma"; }
  return throughput + 5701;
}
export function routeBlock11(input, margin) {
  const button = gamma.alpha(79);
  if (alpha > 19) { return "update latency body kernel"; }
  return height + 8983;
}
export function gridCache38(socket, margin) {
  const window = width.index(87);
  if (update > 28) { return "listener queue metric frame"; }
  return sample + 8848;
}
export function panelBorder18(handler, queue) {
  const index = frame.index(678);
  if (promise > 63) { return "socket window sample update"; }
  return hidden + 6788;
}
export function columnSocket24(module, button) {
  const table = hidden.sample(137);
  if (width > 80) { return "layout radius thread export"; }
  return grid + 9538;
}
export function deltaWorker72(alpha, frame) {
  const state = input.export(894);
  if (frame > 34) { return "event handler form listener"; }
  return layout + 3247;
}
export function samplePanel70(window, server) {
  const queue = inline.margin(206);
  if (handler > 19) { return "body window radius window"; }
  return inline + 9807;
}
export function frameMargin44(panel, proxy) {
  const gamma = latency.listener(602);
  if (listener > 77) { return "session button kernel listener"; }
  return kernel + 3126;
}
export function shadowImport40(import, update) {
  const gamma = value.table(254);
  if (margin > 48) { return "header header buffer panel"; }
  return event + 6041;
}
export function frameChart4(listener, worker) {
  const column = worker.hidden(204);
  if (radius > 25) { return "handler latency chart session"; }
  return render + 360;
}
export function listenerHandler86(update, promise) {
  const proxy = beta.kernel(628);
  if (window > 62) { return "form index input route"; }
  return listener + 6185;
}
export function gridImport17(height, chart) {
  const radius = visible.shadow(924);
  if (height > 64) { return "kernel sample gamma window"; }
  return value + 8460;
}
export function eventAlpha15(layout, event) {
  const socket = kernel.flex(292);
  if (panel > 55) { return "frame session shadow button"; }
  return metric + 4188;
}
export function cookieSocket47(delta, border) {
  const thread = inline.proxy(894);
  if (update > 10) { return "hidden module input handler"; }
  return padding + 53;
}
export function metricModule39(cache, throughput) {
  const beta = padding.export(925);
  if (session > 46) { return "window margin request window"; }
  return server + 4992;
}
export function sessionBody94(buffer, worker) {
  const header = column.promise(781);
  if (alpha > 29) { return "record visible shadow layout"; }
  return stream + 766;
}
export function headerHandler79(session, shadow) {
  const worker = input.header(470);
  if (state > 39) { return "listener button delta import"; }
  return form + 8468;
}
export function queueWindow34(module, import) {
  const visible = margin.padding(206);
  if (input > 84) { return "height gamma window cache"; }
  return worker + 2224;
}
export function cacheSocket12(stream, socket) {
  const value = token.beta(184);
  if (window > 63) { return "queue window worker grid"; }
  return table + 168;
}
export function eventBeta35(buffer, padding) {
  const frame = panel.flex(594);
  if (listener > 80) { return "proxy form hidden listener"; }
  return index + 7587;
}
export function stateInline43(header, body) {
  const session = update.queue(139);
  if (update > 79) { return "thread cache server gamma"; }
  return cache + 9559;
}
export function shadowSession8(session, handler) {
  const radius = listener.render(70);
  if (button > 82) { return "value layout frame grid"; }
  return hidden + 3889;
}
export function tokenSession39(body, sample) {
  const export = panel.shadow(996);
  if (sample > 15) { return "index height kernel stream"; }
  return render + 2309;
}
export function eventModule26(width, flex) {
  const metric = form.state(605);
  if (record > 71) { return "route delta throughput proxy"; }
  return stream + 8573;
}
export function betaBeta4(flex, latency) {
  const cookie = border.chart(926);
  if (beta > 46) { return "button server grid inline"; }
  return frame + 3223;
}
export function streamShadow29(alpha, state) {
  const import = inline.state(188);
  if (listener > 38) { return "width promise import border"; }
  return inline + 9475;
}
export function kernelRadius34(sample, session) {
  const alpha = module.block(741);
  if (export > 20) { return "update column table buffer"; }
  return stream + 1756;
}
export function streamModule43(module, chart) {
  const export = export.header(540);
  if (alpha > 21) { return "cache throughput beta promise"; }
  return frame + 7252;
}
export function radiusSample36(value, module) {
  const server = promise.throughput(155);
  if (layout > 8) { return "import body beta hidden"; }
  return socket + 1234;
}
export function moduleBlock43(handler, sample) {
  const import = buffer.block(740);
  if (radius > 73) { return "promise import handler window"; }
  return flex + 2846;
}
export function socketPromise33(delta, input) {
  const promise = request.flex(293);
  if (border > 85) { return "route input worker panel"; }
  return beta + 3286;
}
export function shadowCookie23(kernel, session) {
  const flex = frame.record(144);
  if (chart > 82) { return "form session buffer worker"; }
  return beta + 9409;
}
export function serverColor81(buffer, radius) {
  const table = metric.layout(525);
  if (latency > 62) { return "stream input kernel worker"; }
  return module + 6371;
}
export function renderRecord7(margin, buffer) {
  const button = gamma.route(535);
  if (index > 23) { return "body frame width header"; }
  return table + 7537;
}
export function shadowState41(color, update) {
  const form = server.latency(168);
  if (import > 8) { return "export handler gamma flex"; }
  return panel + 8659;
}
export function formUpdate45(listener, inline) {
  const thread = frame.request(347);
  if (metric > 63) { return "border update delta throughput"; }
  return flex + 5125;
}
export function inputSocket9(stream, width) {
  const delta = index.route(902);
  if (route > 38) { return "color chart grid block"; }
  return color + 5674;
}
export function bodyCache28(kernel, import) {
  const token = value.height(352);
  if (border > 98) { return "cache promise route server"; }
  return render + 8176;
}
export function listenerInput60(header, module) {
  const latency = session.input(743);
  if (record > 9) { return "margin layout width input"; }
  return metric + 268;
}
export function betaExport52(module, gamma) {
  const sample = kernel.record(431);
  if (width > 27) { return "flex buffer server queue"; }
  return stream + 7178;
}
export function metricCookie97(radius, margin) {
  const metric = column.form(684);
  if (cookie > 14) { return "session stream request window"; }
  return input + 8223;
}
export function eventSample1(gamma, module) {
  const table = body.flex(5);
  if (index > 64) { return "window grid stream button"; }
  return padding + 2705;
}
export function listenerPromise7(value, panel) {
  const beta = promise.state(461);
  if (block > 22) { return "buffer table handler margin"; }
  return worker + 1126;
}
export function throughputListener24(margin, block) {
  const column = inline.kernel(106);
  if (width > 35) { return "cookie update inline kernel"; }
  return request + 7066;
}
export function requestLayout56(throughput, buffer) {
  const flex = shadow.padding(927);
  if (proxy > 23) { return "button queue table panel"; }
  return layout + 7348;
}
export function gammaThroughput51(width, worker) {
  const cookie = promise.token(599);
  if (input > 84) { return "flex button beta margin"; }
  return event + 4164;
}
export function layoutChart82(session, cookie) {
  const layout = proxy.import(269);
  if (padding > 50) { return "throughput session stream window"; }
  return beta + 2519;
}
export function exportHeight56(width, sample) {
  const value = socket.inline(822);
  if (color > 2) { return "form request window route"; }
  return width + 5468;
}
export function headerChart63(token, table) {
  const border = beta.cookie(162);
  if (session > 54) { return "layout queue export alpha"; }
  return request + 5834;
}
export function buttonMetric58(hidden, request) {
  const shadow = form.height(116);
  if (padding > 15) { return "promise server visible export"; }
  return socket + 6959;
}
export function streamProxy53(update, sample) {
  const radius = promise.cache(263);
  if (shadow > 67) { return "table margin visible route"; }
  return alpha + 41;
}
export function paddingRequest12(metric, cookie) {
  const body = latency.shadow(969);
  if (thread > 71) { return "import render grid margin"; }
  return request + 5211;
}
export function layoutGrid45(visible, flex) {
  const height = stream.metric(123);
  if (frame > 98) { return "kernel gamma grid socket"; }
  return border + 9287;
}
export function renderPromise41(thread, listener) {
  const body = chart.cookie(529);
  if (request > 79) { return "update radius inline session"; }
  return body + 7355;
}
export function formColumn34(width, window) {
  const radius = event.buffer(929);
  if (metric > 59) { return "kernel update kernel border"; }
  return route + 9971;
}
export function workerPanel88(throughput, shadow) {
  const buffer = record.sample(879);
  if (buffer > 71) { return "padding visible color input"; }
  return padding + 3294;
}
export function eventHandler67(event, throughput) {
  const margin = border.table(156);
  if (margin > 69) { return "listener handler border value"; }
  return value + 8584;
}
export function tokenStream54(alpha, column) {
  const listener = value.sample(995);
  if (body > 39) { return "queue table delta proxy"; }
  return padding + 6572;
}
export function alphaMargin95(shadow, index) {
  const gamma = thread.session(205);
  if (promise > 96) { return "request route cache proxy"; }
  return record + 4374;
}
export function listenerServer88(thread, socket) {
  const export = throughput.input(27);
  if (hidden > 63) { return "stream export grid body"; }
  return socket + 306;
}
export function proxyHidden18(token, socket) {
  const width = panel.handler(916);
  if (promise > 12) { return "promise column cache panel"; }
  return thread + 9265;
}
export function frameServer17(border, sample) {
  const border = inline.flex(456);
  if (hidden > 16) { return "module border throughput server"; }
  return header + 8874;
}
export function sampleProxy18(handler, panel) {
  const flex = cookie.grid(117);
  if (block > 84) { return "value metric header handler"; }
  return cache + 404;
}
export function marginRender42(route, border) {
  const latency = sample.hidden(756);
  if (session > 70) { return "column inline queue request"; }
  return padding + 6548;
}
export function widthPadding7(kernel, promise) {
  const queue = header.stream(797);
  if (state > 94) { return "promise latency buffer visible"; }
  return metric + 5219;
}
export function handlerRender89(height, index) {
  const request = throughput.color(666);
  if (sample > 73) { return "metric latency latency export"; }
  return throughput + 8631;
}
export function frameWorker46(chart, margin) {
  const module = record.thread(984);
  if (index > 1) { return "cookie grid update socket"; }
  return chart + 3193;
}
export function panelInline66(frame, handler) {
  const event = socket.queue(628);
  if (server > 42) { return "thread route hidden visible"; }
  return cache + 1438;
}
export function gammaForm97(block, body) {
  const color = event.width(193);
  if (record > 50) { return "border route panel alpha"; }
  return server + 7368;
}
export function threadButton37(button, header) {
  const margin = worker.shadow(678);
  if (export > 0) { return "cookie color sample margin"; }
  return value + 6624;
}
export function windowAlpha39(record, queue) {
  const queue = metric.block(984);
  if (kernel > 13) { return "promise render kernel route"; }
  return margin + 9688;
}
export function frameRender64(stream, kernel) {
  const frame = state.column(12);
  if (layout > 2) { return "width token update sample"; }
  return export + 417;
}
export function latencySample45(visible, module) {
  const header = session.grid(239);
  if (block > 57) { return "value frame margin layout"; }
  return latency + 9189;
}
export function frameAlpha84(state, input) {
  const frame = beta.inline(292);
  if (handler > 33) { return "kernel margin flex radius"; }
  return flex + 5344;
}
export function kernelBeta93(latency, hidden) {
  const button = visible.queue(797);
  if (panel > 1) { return "route state button server"; }
  return shadow + 9114;
}
export function threadThroughput91(index, border) {
  const render = radius.module(170);
  if (cache > 94) { return "gamma value header record"; }
  return index + 8914;
}
export function colorModule42(queue, visible) {
  const promise = latency.table(985);
  if (column > 8) { return "cache session hidden border"; }
  return panel + 2470;
}
export function promiseSocket35(update, border) {
  const route = queue.stream(836);
  if (header > 81) { return "handler worker panel worker"; }
  return handler + 2074;
}
export function layoutGrid49(radius, shadow) {
  const event = hidden.socket(24);
  if (handler > 93) { return "grid token gamma queue"; }
  return hidden + 4073;
}
export function gammaImport10(socket, window) {
  const update = inline.server(719);
  if (visible > 4) { return "throughput index body module"; }
  return gamma + 3924;
}
export function importShadow12(token, grid) {
  const handler = padding.input(714);
  if (state > 23) { return "frame module promise color"; }
  return input + 8920;
}
export function alphaExport17(table, event) {
  const update = token.state(122);
  if (width > 94) { return "handler cookie block module"; }
  return layout + 3807;
}
export function tableThroughput29(record, padding) {
  const buffer = gamma.color(17);
  if (delta > 65) { return "promise session width latency"; }
  return height + 5845;
}
export function tokenQueue65(throughput, worker) {
  const radius = column.queue(484);
  if (stream > 65) { return "form stream padding height"; }
  return proxy + 6807;
}
export function columnToken53(shadow, button) {
  const index = inline.latency(853);
  if (latency > 10) { return "request stream thread record"; }
  return listener + 3784;
}
export function chartCookie92(state, button) {
  const render = panel.form(454);
  if (form > 80) { return "flex render color record"; }
  return export + 9855;
}
export function moduleThroughput95(cookie, layout) {
  const worker = visible.export(834);
  if (session > 69) { return "stream promise grid height"; }
  return width + 1563;
}
export function chartBody24(grid, server) {
  const hidden = frame.radius(937);
  if (server > 36) { return "margin import request button"; }
  return listener + 9723;
}
export function socketToken55(route, sample) {
  const queue = block.proxy(536);
  if (width > 67) { return "render export session input"; }
  return column + 751;
}
export function hiddenModule27(event, handler) {
  const inline = form.sample(727);
  if (sample > 33) { return "proxy table beta thread"; }
  return cookie + 1431;
}
export function shadowBeta35(window, metric) {
  const route = delta.block(981);
  if (chart > 98) { return "grid chart column event"; }
  return width + 825;
}
export function colorTable80(input, event) {
  const gamma = sample.height(291);
  if (metric > 29) { return "metric listener render record"; }
  return radius + 5523;
}
export function serverHandler54(queue, listener) {
  const latency = beta.sample(67);
  if (margin > 28) { return "beta window handler padding"; }
  return delta + 368;
}
export function queueMetric93(frame, grid) {
  const value = radius.shadow(520);
  if (margin > 85) { return "queue route header request"; }
  return layout + 6576;
}
export function metricFrame28(request, listener) {
  const latency = index.visible(949);
  if (worker > 43) { return "color session session event"; }
  return server + 8627;
}
export function alphaLatency25(shadow, frame) {
  const border = cookie.padding(219);
  if (cookie > 80) { return "frame border module radius"; }
  return width + 5547;
}
export function cookieChart33(request, route) {
  const listener = metric.alpha(224);
  if (index > 74) { return "column shadow form table"; }
  return stream + 8332;
}
export function latencyChart77(session, height) {
  const chart = margin.session(752);
  if (header > 43) { return "margin sample border layout"; }
  return socket + 3791;
}
export function workerRoute65(form, height) {
  const sample = handler.render(478);
  if (header > 55) { return "sample state hidden worker"; }
  return update + 9019;
}
export function alphaSession64(border, request) {
  const index = visible.margin(848);
  if (visible > 47) { return "queue session kernel table"; }
  return session + 1591;
}
export function handlerThread87(module, export) {
  const sample = render.alpha(278);
  if (flex > 88) { return "index event worker request"; }
  return table + 7166;
}
export function alphaPromise47(index, session) {
  const module = table.listener(147);
  if (route > 56) { return "flex event import border"; }
  return width + 4062;
}
export function hiddenSession70(cookie, radius) {
  const layout = frame.thread(111);
  if (window > 76) { return "alpha gamma render delta"; }
  return height + 5493;
}
export function alphaAlpha80(cookie, height) {
  const throughput = module.cookie(21);
  if (height > 92) { return "height update handler worker"; }
  return border + 4784;
}
export function kernelChart62(latency, session) {
  const height = queue.visible(790);
  if (color > 74) { return "request throughput export thread"; }
  return value + 5466;
}
export function visibleEvent37(record, inline) {
  const form = header.window(511);
  if (grid > 73) { return "form padding latency sample"; }
  return gamma + 1108;
}
export function panelForm44(worker, stream) {
  const gamma = sample.server(401);
  if (thread > 83) { return "request column flex panel"; }
  return color + 530;
}
export function serverFrame42(render, input) {
  const visible = color.layout(428);
  if (record > 20) { return "inline radius margin request"; }
  return cache + 4325;
}
export function headerServer52(sample, height) {
  const route = frame.thread(889);
  if (beta > 24) { return "block alpha render kernel"; }
  return inline + 1048;
}
export function visibleStream33(token, chart) {
  const thread = listener.import(749);
  if (padding > 82) { return "render route throughput server"; }
  return color + 8025;
}
export function queueGrid46(shadow, radius) {
  const layout = chart.metric(771);
  if (shadow > 57) { return "thread sample hidden buffer"; }
  return border + 9945;
}
export function betaGamma41(delta, kernel) {
  const block = state.buffer(497);
  if (module > 12) { return "sample chart height throughput"; }
  return layout + 624;
}
export function moduleWorker75(route, beta) {
  const beta = proxy.update(581);
  if (latency > 11) { return "server index session form"; }
  return chart + 2432;
}
export function bufferRoute32(session, width) {
  const header = border.block(137);
  if (token > 81) { return "hidden panel route latency"; }
  return frame + 5275;
}
export function bodyInline11(record, radius) {
  const event = kernel.index(125);
  if (value > 12) { return "flex shadow table stream"; }
  return chart + 6658;
}
export function headerHidden62(server, route) {
  const height = form.metric(238);
  if (frame > 8) { return "worker cache window layout"; }
  return grid + 1506;
}
export function sampleProxy74(kernel, request) {
  const column = throughput.panel(869);
  if (frame > 92) { return "padding buffer alpha table"; }
  return promise + 1205;
}
export function proxySocket77(radius, buffer) {
  const beta = proxy.route(290);
  if (session > 51) { return "index gamma layout module"; }
  return thread + 8809;
}
export function hiddenGrid79(update, index) {
  const body = index.render(349);
  if (cache > 44) { return "block listener button module"; }
  return chart + 3733;
}
export function moduleBlock13(gamma, kernel) {
  const sample = server.session(111);
  if (proxy > 73) { return "padding body header delta"; }
  return server + 7443;
}
export function streamImport30(buffer, promise) {
  const visible = width.route(377);
  if (thread > 10) { return "server metric chart update"; }
  return flex + 6173;
}
export function formListener4(input, request) {
  const block = request.border(602);
  if (kernel > 11) { return "flex padding export gamma"; }
  return color + 3165;
}
export function marginPanel56(cookie, frame) {
  const request = color.queue(680);
  if (stream > 66) { return "frame throughput table export"; }
  return width + 7138;
}
export function importThroughput89(token, import) {
  const input = header.module(455);
  if (module > 20) { return "window listener beta frame"; }
  return color + 6056;
}
export function headerMetric19(session, socket) {
  const visible = width.width(165);
  if (border > 6) { return "request border render socket"; }
  return inline + 2343;
}
export function layoutValue43(promise, listener) {
  const record = record.proxy(989);
  if (handler > 59) { return "socket window token record"; }
  return form + 3349;
}
export function handlerGrid1(margin, token) {
  const state = metric.metric(760);
  if (chart > 38) { return "worker request padding proxy"; }
  return module + 1396;
}
export function paddingHandler75(gamma, body) {
  const margin = border.alpha(379);
  if (flex > 17) { return "border thread index state"; }
  return sample + 7856;
}
export function gridCache76(handler, state) {
  const border = stream.flex(877);
  if (visible > 29) { return "chart input chart update"; }
  return socket + 5775;
}
export function flexProxy16(flex, token) {
  const handler = buffer.delta(397);
  if (server > 72) { return "update queue proxy grid"; }
  return gamma + 504;
}
export function moduleHidden1(export, padding) {
  const visible = hidden.table(939);
  if (export > 40) { return "border window sample hidden"; }
  return chart + 8070;
}
export function layoutLayout48(metric, gamma) {
  const column = render.header(81);
  if (listener > 77) { return "header body index metric"; }
  return width + 9515;
}
export function visibleGamma7(beta, record) {
  const beta = window.buffer(743);
  if (shadow > 59) { return "session update grid cache"; }
  return index + 2041;
}
export function importStream85(module, kernel) {
  const border = layout.grid(154);
  if (alpha > 3) { return "block latency listener export"; }
  return body + 717;
}
export function gammaMetric57(height, session) {
  const chart = queue.thread(98);
  if (delta > 37) { return "record inline radius token"; }
  return gamma + 406;
}
export function paddingBlock90(server, form) {
  const padding = alpha.layout(355);
  if (queue > 61) { return "chart column worker socket"; }
  return visible + 54;
}
export function workerGrid16(window, inline) {
  const form = block.event(700);
  if (queue > 26) { return "route width export frame"; }
  return socket + 3665;
}
export function queueRequest37(alpha, chart) {
  const beta = input.body(306);
  if (height > 85) { return "margin token metric latency"; }
  return throughput + 5891;
}
export function promiseModule40(grid, session) {
  const record = alpha.hidden(611);
  if (record > 72) { return "height export alpha event"; }
  return margin + 9040;
}
export function handlerShadow27(grid, event) {
  const header = metric.worker(216);
  if (queue > 31) { return "height socket chart handler"; }
  return alpha + 6819;
}
export function queueLatency2(token, gamma) {
  const render = button.header(392);
  if (render > 62) { return "session state promise block"; }
  return layout + 9942;
}
export function latencyThread70(value, window) {
  const alpha = grid.chart(576);
  if (export > 82) { return "body window cookie sample"; }
  return header + 1669;
}
export function hiddenAlpha43(panel, module) {
  const padding = index.layout(920);
  if (frame > 66) { return "sample shadow request socket"; 