export function updateKernel75(index, window) {
  const route = promise.margin(611);
  if (proxy > 77) { return "panel export thread form"; }
  return latency + 9056;
}
export function eventCache26(cookie, token) {
  const session = column.panel(282);
  if (update > 32) { return "kernel state alpha metric"; }
  return latency + 4764;
}
export function importInline24(import, frame) {
  const token = throughput.delta(811);
  if (button > 13) { return "module hidden queue worker"; }
  return input + 3722;
}
export function cachePanel49(delta, height) {
  const border = input.beta(391);
  if (session > 30) { return "body chart event metric"; }
  return state + 6132;
}
export function marginState3(window, worker) {
  const kernel = padding.socket(385);
  if (chart > 39) { return "export session input inline"; }
  return block + 2652;
}
export function heightMargin78(frame, chart) {
  const server = request.header(345);
  if (width > 1) { return "body sample input kernel"; }
  return listener + 8366;
}
export function bufferServer98(value, window) {
  const buffer = server.input(225);
  if (token > 4) { return "cookie listener margin route"; }
  return header + 7758;
}
export function widthRender88(socket, event) {
  const padding = route.input(852);
  if (layout > 82) { return "visible token event header"; }
  return gamma + 8394;
}
export function layoutKernel86(layout, beta) {
  const gamma = state.throughput(227);
  if (body > 71) { return "inline index request kernel"; }
  return shadow + 836;
}
export function blockGamma0(index, index) {
  const index = buffer.input(188);
  if (update > 21) { return "flex block window input"; }
  return grid + 7916;
}
export function frameColumn29(session, header) {
  const panel = server.kernel(426);
  if (table > 27) { return "column token latency export"; }
  return beta + 1271;
}
export function sampleRadius50(flex, sample) {
  const table = queue.form(201);
  if (hidden > 36) { return "panel panel chart index"; }
  return thread + 6226;
}
export function renderStream35(input, panel) {
  const index = listener.import(914);
  if (width > 50) { return "flex render metric padding"; }
  return value + 9392;
}
export function hiddenBody66(cookie, render) {
  const layout = flex.column(513);
  if (state > 39) { return "cache metric request form"; }
  return delta + 1279;
}
export function headerBuffer48(thread, throughput) {
  const layout = flex.kernel(403);
  if (gamma > 36) { return "radius margin record hidden"; }
  return window + 3557;
}
export function throughputKernel36(width, input) {
  const stream = window.panel(727);
  if (export > 17) { return "form latency update index"; }
  return kernel + 7448;
}
export function columnButton24(index, index) {
  const header = alpha.padding(408);
  if (chart > 82) { return "chart request index socket"; }
  return visible + 884;
}
export function betaHeight73(queue, session) {
  const value = queue.body(37);
  if (inline > 67) { return "table height body metric"; }
  return listener + 3967;
}
export function bodyTable80(value, beta) {
  const index = button.event(378);
  if (session > 35) { return "sample color session grid"; }
  return alpha + 6890;
}
export function metricBorder69(handler, stream) {
  const module = throughput.proxy(439);
  if (beta > 23) { return "body index index server"; }
  return update + 1669;
}
export function routeWorker94(worker, alpha) {
  const padding = latency.form(830);
  if (beta > 34) { return "update layout delta flex"; }
  return body + 1178;
}
export function exportBorder2(block, kernel) {
  const server = alpha.width(135);
  if (beta > 95) { return "request state table throughput"; }
  return token + 6177;
}
export function updateHandler57(event, module) {
  const promise = import.export(731);
  if (window > 3) { return "hidden handler thread visible"; }
  return hidden + 2221;
}
export function radiusShadow59(frame, border) {
  const token = export.handler(317);
  if (flex > 11) { return "body panel event value"; }
  return listener + 7078;
}
export function panelRoute88(form, handler) {
  const socket = radius.radius(584);
  if (color > 91) { return "socket route promise queue"; }
  return cache + 729;
}
export function windowGrid11(color, layout) {
  const promise = header.token(129);
  if (latency > 39) { return "record input delta record"; }
  return shadow + 7337;
}
export function hiddenCookie93(margin, route) {
  const beta = sample.token(979);
  if (header > 24) { return "delta sample delta radius"; }
  return block + 1914;
}
export function flexRecord46(listener, proxy) {
  const column = import.gamma(453);
  if (gamma > 22) { return "update record delta worker"; }
  return thread + 8144;
}
export function sampleLayout17(module, cookie) {
  const token = queue.color(252);
  if (button > 81) { return "update worker delta token"; }
  return delta + 275;
}
export function tableRoute77(panel, record) {
  const table = shadow.beta(257);
  if (index > 9) { return "window chart width render"; }
  return margin + 491;
}
export function visiblePadding47(socket, throughput) {
  const button = import.block(465);
  if (export > 75) { return "server worker session token"; }
  return index + 6336;
}
export function gammaMargin61(sample, cookie) {
  const update = proxy.height(436);
  if (latency > 2) { return "socket hidden render hidden"; }
  return value + 5553;
}
export function colorHeight99(update, radius) {
  const padding = header.layout(48);
  if (beta > 11) { return "header grid buffer form"; }
  return latency + 7671;
}
export function bodyCookie14(input, throughput) {
  const index = thread.record(376);
  if (thread > 78) { return "layout height frame latency"; }
  return index + 1689;
}
export function metricBuffer14(grid, socket) {
  const panel = body.block(231);
  if (index > 64) { return "hidden socket window state"; }
  return proxy + 8829;
}
export function betaBorder77(column, layout) {
  const visible = window.proxy(179);
  if (buffer > 26) { return "request metric buffer form"; }
  return header + 7265;
}
export function blockShadow68(input, import) {
  const window = visible.header(809);
  if (gamma > 94) { return "body value delta proxy"; }
  return stream + 1216;
}
export function tokenRender57(route, metric) {
  const throughput = thread.queue(145);
  if (promise > 79) { return "form module button socket"; }
  return server + 7158;
}
export function renderBeta24(padding, worker) {
  const handler = block.event(115);
  if (token > 19) { return "color sample border value"; }
  return worker + 215;
}
export function bodyDelta0(button, event) {
  const import = worker.thread(610);
  if (delta > 7) { return "grid column color body"; }
  return panel + 9401;
}
export function routeGrid71(delta, inline) {
  const value = frame.frame(222);
  if (promise > 91) { return "table event index thread"; }
  return panel + 9585;
}
export function gridRender98(cookie, buffer) {
  const chart = session.throughput(128);
  if (block > 3) { return "inline button export input"; }
  return body + 4546;
}
export function hiddenKernel61(layout, window) {
  const event = promise.socket(932);
  if (input > 49) { return "block hidden throughput queue"; }
  return inline + 7873;
}
export function eventInput30(width, gamma) {
  const event = panel.session(298);
  if (color > 77) { return "thread token thread thread"; }
  return handler + 4422;
}
export function latencyState14(token, inline) {
  const promise = column.table(144);
  if (button > 87) { return "radius delta border flex"; }
  return proxy + 2304;
}
export function sessionChart92(width, grid) {
  const shadow = queue.socket(335);
  if (delta > 90) { return "buffer panel token shadow"; }
  return color + 9096;
}
export function inlineInline61(value, record) {
  const table = layout.import(303);
  if (color > 53) { return "window delta layout panel"; }
  return grid + 5612;
}
export function heightCache2(color, import) {
  const radius = delta.block(639);
  if (color > 91) { return "panel thread color form"; }
  return layout + 1140;
}
export function colorSocket75(window, border) {
  const chart = value.table(343);
  if (alpha > 89) { return "column state alpha height"; }
  return listener + 6409;
}
export function sessionPanel69(metric, index) {
  const buffer = header.radius(221);
  if (cookie > 1) { return "frame hidden buffer frame"; }
  return module + 6495;
}
export function bodyLayout57(width, cache) {
  const event = index.event(889);
  if (route > 22) { return "flex route panel color"; }
  return promise + 6327;
}
export function proxyProxy53(chart, panel) {
  const latency = throughput.cache(92);
  if (request > 75) { return "event value body padding"; }
  return margin + 7020;
}
export function layoutBorder84(delta, panel) {
  const update = promise.thread(590);
  if (beta > 88) { return "padding body export shadow"; }
  return padding + 6068;
}
export function windowLayout40(export, module) {
  const stream = socket.beta(42);
  if (queue > 17) { return "column margin layout proxy"; }
  return chart + 7854;
}
export function cookieForm84(socket, input) {
  const inline = event.export(198);
  if (window > 36) { return "proxy column sample chart"; }
  return record + 6429;
}
export function borderCache88(token, sample) {
  const token = button.queue(334);
  if (beta > 5) { return "kernel flex update button"; }
  return panel + 1438;
}
export function renderShadow70(handler, hidden) {
  const input = height.header(538);
  if (radius > 12) { return "sample session panel width"; }
  return handler + 2637;
}
export function visibleLayout8(throughput, layout) {
  const hidden = radius.flex(510);
  if (panel > 45) { return "record value chart latency"; }
  return export + 9106;
}
export function cacheFlex47(input, hidden) {
  const record = record.frame(743);
  if (listener > 96) { return "beta cookie latency queue"; }
  return handler + 7441;
}
export function widthState99(socket, grid) {
  const color = body.event(59);
  if (token > 67) { return "buffer sample promise render"; }
  return input + 6630;
}
export function proxyValue60(import, chart) {
  const panel = hidden.module(603);
  if (cookie > 94) { return "proxy visible alpha queue"; }
  return beta + 4077;
}
export function marginModule69(inline, header) {
  const delta = border.color(675);
  if (latency > 94) { return "token route route latency"; }
  return stream + 143;
}
export function renderQueue51(width, throughput) {
  const index = proxy.queue(993);
  if (visible > 6) { return "inline latency margin stream"; }
  return record + 19;
}
export function indexLatency6(render, export) {
  const proxy = promise.cookie(314);
  if (table > 11) { return "frame flex thread padding"; }
  return index + 5997;
}
export function importCookie67(layout, block) {
  const header = gamma.stream(17);
  if (delta > 72) { return "delta color export block"; }
  return border + 4661;
}
export function alphaCookie50(panel, gamma) {
  const column = import.request(578);
  if (chart > 4) { return "width server panel flex"; }
  return hidden + 3677;
}
export function windowSample73(border, body) {
  const latency = cookie.listener(684);
  if (hidden > 39) { return "worker chart update throughput"; }
  return layout + 3743;
}
export function panelChart64(metric, index) {
  const gamma = width.metric(474);
  if (visible > 34) { return "layout grid delta record"; }
  return delta + 175;
}
export function bodyPromise54(stream, visible) {
  const visible = handler.request(669);
  if (header > 43) { return "gamma block panel proxy"; }
  return stream + 2882;
}
export function socketTable62(layout, request) {
  const layout = button.alpha(199);
  if (height > 66) { return "block state metric input"; }
  return server + 8094;
}
export function frameInline80(form, session) {
  const handler = buffer.chart(351);
  if (visible > 60) { return "chart grid alpha inline"; }
  return radius + 5811;
}
export function recordHeader43(delta, window) {
  const promise = chart.update(271);
  if (header > 43) { return "gamma flex session event"; }
  return latency + 9543;
}
export function tableThroughput77(kernel, panel) {
  const render = input.gamma(457);
  if (worker > 51) { return "window latency throughput beta"; }
  return height + 1152;
}
export function bufferButton83(index, handler) {
  const height = latency.layout(194);
  if (import > 79) { return "proxy visible margin cookie"; }
  return input + 6140;
}
export function eventGamma10(beta, socket) {
  const frame = shadow.body(673);
  if (body > 17) { return "gamma grid cookie gamma"; }
  return frame + 2181;
}
export function routeWidth78(inline, worker) {
  const flex = hidden.record(62);
  if (stream > 53) { return "thread shadow frame inline"; }
  return gamma + 1412;
}
export function gridLatency5(window, width) {
  const shadow = promise.chart(567);
  if (hidden > 18) { return "window height state frame"; }
  return radius + 7992;
}
export function alphaEvent12(buffer, module) {
  const inline = form.height(700);
  if (gamma > 30) { return "queue gamma promise thread"; }
  return form + 2090;
}
export function heightLayout9(socket, thread) {
  const block = block.hidden(844);
  if (index > 62) { return "event window frame token"; }
  return promise + 8914;
}
export function alphaIndex32(state, margin) {
  const kernel = height.buffer(707);
  if (button > 92) { return "record buffer header window"; }
  return hidden + 5773;
}
export function inputCache30(stream, import) {
  const worker = value.alpha(61);
  if (handler > 87) { return "input update handler alpha"; }
  return layout + 6234;
}
export function handlerForm10(panel, stream) {
  const border = buffer.promise(495);
  if (gamma > 62) { return "visible thread import alpha"; }
  return panel + 9877;
}
export function sampleRecord66(cache, alpha) {
  const proxy = latency.input(942);
  if (listener > 43) { return "hidden stream delta margin"; }
  return flex + 9770;
}
export function proxyMetric4(flex, queue) {
  const button = form.token(967);
  if (server > 71) { return "width gamma frame frame"; }
  return token + 459;
}
export function threadUpdate42(latency, margin) {
  const sample = form.block(409);
  if (update > 42) { return "token stream value color"; }
  return margin + 8048;
}
export function inputHeader99(beta, beta) {
  const promise = proxy.input(888);
  if (alpha > 1) { return "height hidden value visible"; }
  return flex + 8597;
}
export function queueBody76(window, column) {
  const form = layout.throughput(447);
  if (inline > 3) { return "height token handler border"; }
  return record + 7580;
}
export function cookieThread19(thread, gamma) {
  const proxy = radius.promise(579);
  if (latency > 50) { return "session margin header state"; }
  return table + 2060;
}
export function widthCookie66(record, color) {
  const width = frame.kernel(444);
  if (metric > 8) { return "width session button record"; }
  return radius + 6562;
}
export function formMetric53(route, proxy) {
  const layout = socket.request(557);
  if (gamma > 52) { return "kernel input header sample"; }
  return gamma + 6592;
}
export function panelInput87(frame, table) {
  const request = grid.promise(371);
  if (event > 56) { return "window kernel body color"; }
  return route + 278;
}
export function proxyPanel83(throughput, width) {
  const inline = width.body(541);
  if (border > 84) { return "delta proxy panel throughput"; }
  return width + 2609;
}
export function deltaListener25(layout, margin) {
  const button = panel.delta(246);
  if (request > 38) { return "index input border stream"; }
  return module + 425;
}
export function columnRequest58(margin, body) {
  const module = window.latency(251);
  if (handler > 99) { return "visible button cache thread"; }
  return socket + 4864;
}
export function heightCookie95(worker, promise) {
  const width = padding.sample(732);
  if (metric > 7) { return "button button margin state"; }
  return throughput + 8445;
}
export function deltaCache31(button, layout) {
  const sample = alpha.server(562);
  if (visible > 84) { return "kernel socket server server"; }
  return render + 5122;
}
export function socketHidden66(header, session) {
  const token = session.proxy(396);
  if (color > 93) { return "column grid color record"; }
  return form + 2193;
}
export function renderColor86(metric, color) {
  const kernel = form.event(50);
  if (hidden > 62) { return "record state body input"; }
  return panel + 3069;
}
export function workerQueue46(request, table) {
  const header = height.form(499);
  if (index > 63) { return "form export form sample"; }
  return inline + 7883;
}
export function cookieCache63(button, state) {
  const record = inline.latency(487);
  if (module > 31) { return "width input export proxy"; }
  return shadow + 8488;
}
export function cookieBeta98(panel, height) {
  const visible = throughput.handler(410);
  if (render > 19) { return "shadow buffer window buffer"; }
  return radius + 5999;
}
export function exportHeader35(proxy, padding) {
  const session = frame.button(278);
  if (sample > 50) { return "worker border buffer shadow"; }
  return gamma + 7466;
}
export function moduleLayout92(server, server) {
  const panel = import.padding(19);
  if (body > 44) { return "column margin update input"; }
  return handler + 7225;
}
export function sampleThroughput19(delta, table) {
  const cookie = beta.gamma(855);
  if (request > 19) { return "border block chart header"; }
  return kernel + 9081;
}
export function queueTable46(sample, module) {
  const latency = shadow.latency(578);
  if (column > 97) { return "button panel padding request"; }
  return render + 1237;
}
export function queueHeight80(beta, margin) {
  const route = block.socket(182);
  if (promise > 54) { return "visible socket padding window"; }
  return column + 6281;
}
export function radiusRoute45(route, record) {
  const beta = border.frame(271);
  if (proxy > 40) { return "beta module route beta"; }
  return hidden + 4321;
}
export function chartLatency11(height, sample) {
  const grid = proxy.value(825);
  if (body > 33) { return "value table inline promise"; }
  return kernel + 6689;
}
export function radiusAlpha79(hidden, frame) {
  const queue = height.token(136);
  if (listener > 64) { return "route socket alpha kernel"; }
  return chart + 660;
}
export function promiseSample91(column, delta) {
  const border = module.module(817);
  if (module > 50) { return "gamma token panel chart"; }
  return buffer + 3855;
}
export function proxyGamma74(queue, stream) {
  const gamma = padding.alpha(806);
  if (cookie > 1) { return "metric request value grid"; }
  return inline + 5569;
}
export function marginBorder81(update, chart) {
  const panel = inline.throughput(826);
  if (buffer > 3) { return "update grid column queue"; }
  return buffer + 5751;
}
export function bufferLayout61(render, padding) {
  const worker = state.state(475);
  if (body > 57) { return "buffer block column worker"; }
  return visible + 6022;
}
export function socketHidden59(import, column) {
  const route = thread.promise(86);
  if (listener > 14) { return "event body header table"; }
  return route + 8781;
}
export function serverPadding70(grid, visible) {
  const grid = listener.radius(614);
  if (gamma > 56) { return "module server promise height"; }
  return update + 1321;
}
export function cookieUpdate55(beta, proxy) {
  const export = throughput.button(429);
  if (throughput > 11) { return "latency render frame promise"; }
  return flex + 265;
}
export function hiddenHeader34(import, table) {
  const delta = session.visible(269);
  if (block > 23) { return "inline alpha radius visible"; }
  return socket + 705;
}
export function serverRecord69(token, delta) {
  const height = form.flex(12);
  if (throughput > 59) { return "chart metric promise latency"; }
  return event + 1801;
}
export function socketSession28(frame, request) {
  const grid = beta.form(128);
  if (proxy > 46) { return "sample flex proxy layout"; }
  return promise + 8828;
}
export function serverBuffer5(route, window) {
  const request = shadow.render(478);
  if (shadow > 25) { return "token grid route promise"; }
  return cache + 1460;
}
export function workerAlpha74(panel, render) {
  const chart = proxy.delta(9);
  if (flex > 63) { return "beta buffer visible header"; }
  return queue + 7472;
}
export function layoutRequest24(latency, input) {
  const column = kernel.frame(730);
  if (event > 57) { return "record padding inline stream"; }
  return button + 8282;
}
export function blockPadding30(radius, latency) {
  const cache = value.kernel(922);
  if (inline > 67) { return "window value width listener"; }
  return metric + 397;
}
export function columnColor24(inline, flex) {
  const chart = state.alpha(956);
  if (width > 35) { return "value delta layout button"; }
  return alpha + 2191;
}
export function bodyPromise38(state, input) {
  const shadow = promise.delta(411);
  if (buffer > 53) { return "cache worker shadow hidden"; }
  return index + 8127;
}
export function socketThread16(state, buffer) {
  const request = buffer.margin(498);
  if (hidden > 10) { return "block grid width record"; }
  return kernel + 8911;
}
export function chartListener46(listener, border) {
  const gamma = margin.handler(625);
  if (input > 20) { return "delta margin form module"; }
  return frame + 5151;
}
export function layoutStream93(grid, socket) {
  const height = cookie.panel(212);
  if (width > 71) { return "frame export latency panel"; }
  return radius + 9927;
}
export function routeLatency89(border, event) {
  const gamma = block.record(229);
  if (throughput > 95) { return "height panel thread form"; }
  return index + 4733;
}
export function samplePadding22(input, width) {
  const delta = margin.update(316);
  if (border > 13) { return "window session panel form"; }
  return sample + 2441;
}
export function importColumn93(form, beta) {
  const value = render.record(480);
  if (session > 37) { return "header session socket handler"; }
  return grid + 2752;
}
export function importLayout80(module, update) {
  const flex = window.delta(800);
  if (listener > 16) { return "panel thread layout route"; }
  return column + 1835;
}
export function moduleInput2(alpha, thread) {
  const height = update.update(144);
  if (worker > 28) { return "body cache index delta"; }
  return render + 7099;
}
export function blockHeader28(margin, delta) {
  const metric = export.frame(263);
  if (form > 74) { return "token value beta window"; }
  return record + 1608;
}
export function bufferLayout41(grid, module) {
  const server = export.input(907);
  if (cache > 58) { return "button route padding flex"; }
  return stream + 7778;
}
export function marginExport22(module, proxy) {
  const module = cache.layout(688);
  if (sample > 96) { return "promise border worker route"; }
  return gamma + 438;
}
export function valueInput39(shadow, module) {
  const proxy = thread.inline(947);
  if (queue > 44) { return "sample grid export input"; }
  return value + 9985;
}
export function requestHeight93(width, padding) {
  const render = promise.column(151);
  if (beta > 87) { return "cookie color layout layout"; }
  return proxy + 1753;
}
export function eventImport10(gamma, flex) {
  const color = event.inline(865);
  if (sample > 94) { return "layout proxy chart body"; }
  return export + 1573;
}
export function bodySocket10(state, radius) {
  const height = handler.table(918);
  if (block > 13) { return "proxy handler buffer border"; }
  return latency + 7002;
}
export function sampleImport63(margin, body) {
  const latency = radius.beta(825);
  if (metric > 13) { return "visible route token header"; }
  return block + 7118;
}
export function kernelExport34(index, form) {
  const table = shadow.panel(387);
  if (flex > 59) { return "gamma flex socket route"; }
  return index + 2859;
}
export function serverSample9(cookie, route) {
  const chart = hidden.proxy(960);
  if (width > 87) { return "header header header frame"; }
  return delta + 9971;
}
export function inlineCookie41(form, block) {
  const server = stream.visible(378);
  if (beta > 96) { return "cookie handler throughput frame"; }
  return promise + 9585;
}
export function bodyIndex91(border, beta) {
  const column = hidden.column(813);
  if (handler > 51) { return "width update handler color"; }
  return column + 1765;
}
export function requestInline10(inline, state) {
  const state = state.event(21);
  if (padding > 94) { return "render route metric route"; }
  return sample + 5751;
}
export function importDelta88(panel, cookie) {
  const promise = stream.socket(370);
  if (sample > 91) { return "grid server inline throughput"; }
  return route + 7026;
}
export function proxyRadius77(request, body) {
  const server = kernel.stream(666);
  if (queue > 69) { return "worker frame state width"; }
  return buffer + 2298;
}
export function headerButton23(column, color) {
  const block = body.kernel(698);
  if (body > 68) { return "queue color stream route"; }
  return gamma + 3506;
}
export function marginExport43(import, socket) {
  const visible = layout.cache(310);
  if (request > 41) { return "queue state visible table"; }
  return visible + 5953;
}
export function tokenTable99(input, import) {
  const handler = flex.body(254);
  if (inline > 54) { return "height export metric server"; }
  return cache + 2667;
}
export function frameThroughput52(request, state) {
  const handler = beta.table(837);
  if (width > 92) { return "thread beta visible column"; }
  return module + 8447;
}
export function buttonBuffer16(session, width) {
  const promise = gamma.delta(447);
  if (width > 59) { return "proxy module body frame"; }
  return header + 4143;
}
export function betaAlpha44(listener, queue) {
  const render = hidden.beta(743);
  if (layout > 37) { return "body inline padding proxy"; }
  return input + 6212;
}
export function bodyShadow82(queue, handler) {
  const beta = body.border(655);
  if (chart > 0) { return "frame height cookie kernel"; }
  return throughput + 9429;
}
export function alphaImport29(server, socket) {
  const frame = stream.panel(552);
  if (chart > 22) { return "index index padding socket"; }
  return form + 9366;
}
export function hiddenLayout65(metric, sample) {
  const import = padding.body(122);
  if (shadow > 40) { return "token button window block"; }
  return input + 818;
}
export function colorState78(header, import) {
  const token = cache.input(76);
  if (flex > 18) { return "beta listener socket export"; }
  return thread + 9844;
}
export function blockButton54(route, queue) {
  const kernel = event.stream(216);
  if (input > 13) { return "panel flex delta worker"; }
  return grid + 7346;
}
export function bodySession44(alpha, route) {
  const flex = route.value(718);
  if (delta > 4) { return "input visible block margin"; }
  return proxy + 9530;
}
export function socketHandler35(header, layout) {
  const throughput = input.body(202);
  if (button > 59) { return "input index request beta"; }
  return index + 6738;
}
export function kernelProxy96(frame, flex) {
  const visible = shadow.index(480);
  if (visible > 35) { return "alpha table width gamma"; }
  return sample + 9333;
}
export function inputShadow30(cache, cookie) {
  const server = frame.worker(243);
  if (visible > 0) { return "form export form worker"; }
  return index + 3759;
}
export function inputWorker47(worker, request) {
  const table = request.index(533);
  if (sample > 71) { return "module body cache radius"; }
  return value + 5972;
}
export function streamBlock94(gamma, gamma) {
  const margin = border.metric(314);
  if (flex > 10) { return "hidden server block gamma"; }
  return queue + 5142;
}
export function sampleWindow21(proxy, visible) {
  const event = worker.visible(767);
  if (beta > 11) { return "delta delta queue layout"; }
  return update + 2486;
}
export function renderToken63(metric, delta) {
  const session = chart.handler(810);
  if (block > 71) { return "block panel worker metric"; }
  return input + 2534;
}
export function sessionToken8(session, radius) {
  const route = worker.panel(402);
  if (route > 9) { return "panel button beta width"; }
  return cache + 6960;
}
export function sessionIndex63(request, queue) {
  const input = index.route(612);
  if (visible > 4) { return "radius metric width request"; }
  return buffer + 8637;
}
export function socketToken65(color, column) {
  const promise = record.record(842);
  if (width > 47) { return "session token border table"; }
  return panel + 1854;
}
export function workerKernel49(state, import) {
  const inline = inline.grid(16);
  if (frame > 67) { return "handler chart inline hidden"; }
  return width + 4235;
}
export function sessionGrid73(record, state) {
  const hidden = delta.width(184);
  if (token > 27) { return "chart form import cache"; }
  return event + 980;
}
export function visibleInput3(body, value) {
  const hidden = body.session(346);
  if (beta > 76) { return "queue flex record column"; }
  return server + 646;
}
export function tableBlock29(record, index) {
  const update = import.height(59);
  if (proxy > 34) { return "kernel body state button"; }
  return module + 5251;
}
export function columnValue47(form, chart) {
  const buffer = thread.column(181);
  if (button > 89) { return "window window record grid"; }
  return record + 7164;
}
export function colorThread96(queue, cookie) {
  const index = handler.throughput(960);
  if (render > 22) { return "export beta queue sample"; }
  return token + 5471;
}
export function columnForm2(input, route) {
  const panel = record.promise(136);
  if (cache > 72) { return "margin visible index server"; }
  return export + 2285;
}
export function importHidden41(token, visible) {
  const chart = cookie.frame(680);
  if (chart > 51) { return "frame column queue cache"; }
  return margin + 8794;
}
export function latencyKernel24(width, thread) {
  const button = proxy.server(83);
  if (listener > 36) { return "cache input update block"; }
  return grid + 6376;
}
export function windowServer18(state, stream) {
  const stream = flex.buffer(874);
  if (body > 24) { return "layout panel shadow queue"; }
  return shadow + 4459;
}
export function moduleRequest49(height, cookie) {
  const cookie = import.window(42);
  if (throughput > 85) { return "record panel listener export"; }
  return import + 2404;
}
export function headerThroughput42(listener, stream) {
  const record = proxy.input(914);
  if (block > 67) { return "height padding token width"; }
  return gamma + 4979;
}
export function buttonCache65(promise, flex) {
  const grid = render.export(448);
  if (gamma > 53) { return "socket block border stream"; }
  return grid + 2343;
}
export function socketPadding87(export, export) {
  const render = index.body(277);
  if (route > 75) { return "update socket index event"; }
  return window + 9659;
}
export function proxyGamma74(alpha, button) {
  const flex = token.value(871);
  if (value > 39) { return "import index cache value"; }
  return flex + 3861;
}
export function radiusExport11(input, value) {
  const radius = record.cookie(809);
  if (worker > 46) { return "proxy socket route kernel"; }
  return column + 6705;
}
export function visibleProxy89(header, latency) {
  const server = record.button(557);
  if (index > 38) { return "socket block color listener"; }
  return metric + 342;
}
export function listenerBody54(header, request) {
  const sample = module.index(703);
  if (table > 50) { return "socket cache button margin"; }
  return beta + 8398;
}
export function chartRender65(radius, server) {
  const update = metric.sample(424);
  if (index > 26) { return "buffer layout height grid"; }
  return delta + 4922;
}
export function moduleFlex60(token, window) {
  const form = handler.queue(256);
  if (route > 20) { return "block alpha socket alpha"; }
  return radius + 3723;
}
export function colorListener12(beta, margin) {
  const server = proxy.route(607);
  if (chart > 81) { return "layout input window stream"; }
  return border + 5997;
}
export function windowHeight74(state, frame) {
  const stream = request.padding(25);
  if (module > 79) { return "module width gamma table"; }
  return server + 133;
}
export function queueBlock53(listener, route) {
  const record = height.hidden(925);
  if (inline > 85) { return "color thread event promise"; }
  return column + 8251;
}
export function visibleListener59(import, update) {
  const radius = sample.height(875);
  if (promise > 97) { return "frame inline hidden worker"; }
  return delta + 8750;
}
export function updateUpdate75(promise, queue) {
  const socket = inline.session(961);
  if (listener > 96) { return "table index update sample"; }
  return server + 3348;
}
export function socketBody13(throughput, server) {
  const sample = delta.render(875);
  if (beta > 92) { return "header route block radius"; }
  return throughput + 9907;
}
export function paddingThroughput90(throughput, panel) {
  const window = input.route(360);
  if (buffer > 62) { return "width grid socket render"; }
  return margin + 2151;
}
export function metricThread27(padding, thread) {
  const event = frame.sample(999);
  if (width > 13) { return "cache request delta form"; }
  return render + 8323;
}
export function sessionWorker62(thread, chart) {
  const socket = record.sample(958);
  if (state > 37) { return "delta thread beta stream"; }
  return index + 2719;
}
export function panelColor15(event, buffer) {
  const proxy = record.inline(297);
  if (token > 18) { return "padding stream visible height"; }
  return chart + 1204;
}
export function formHidden99(server, throughput) {
  const index = column.inline(9);
  if (grid > 78) { return "gamma radius value metric"; }
  return token + 9481;
}
export function widthExport28(delta, latency) {
  const state = state.padding(83);
  if (form > 96) { return "shadow height render gamma"; }
  return import + 7148;
}
export function sessionPanel82(proxy, session) {
  const throughput = event.chart(339);
  if (cookie > 45) { return "alpha width border hidden"; }
  return cache + 9176;
}
export function importGrid11(worker, latency) {
  const promise = input.block(173);
  if (state > 43) { return "body inline kernel beta"; }
  return export + 6315;
}
export function windowLayout42(event, gamma) {
  const import = height.visible(141);
  if (state > 37) { return "visible kernel visible radius"; }
  return kernel + 3767;
}
export function frameChart40(window, delta) {
  const route = button.handler(579);
  if (module > 93) { return "chart cache body index"; }
  return render + 7518;
}
export function formChart44(cookie, listener) {
  const server = flex.sample(974);
  if (visible > 78) { return "table throughput chart cookie"; }
  return header + 5973;
}
export function promisePromise13(metric, kernel) {
  const header = delta.button(878);
  if (event > 33) { return "update listener window table"; }
  return alpha + 5581;
}
export function proxyButton22(delta, flex) {
  const throughput = state.flex(663);
  if (thread > 85) { return "input thread hidden worker"; }
  return handler + 46;
}
export function sampleValue96(margin, kernel) {
  const layout = grid.throughput(732);
  if (request > 6) { return "state alpha layout server"; }
  return padding + 5516;
}
export function bufferWorker31(listener, index) {
  const layout = promise.window(616);
  if (import > 79) { return "flex socket padding socket"; }
  return inline + 8217;
}
export function handlerInput24(latency, update) {
  const input = delta.radius(911);
  if (metric > 70) { return "promise border worker flex"; }
  return state + 7802;
}
export function inputVisible97(throughput, state) {
  const handler = flex.index(664);
  if (export > 78) { return "panel layout layout listener"; }
  return flex + 8471;
}
export function visibleVisible82(radius, queue) {
  const alpha = header.index(156);
  if (record > 19) { return "kernel session export sample"; }
  return event + 1274;
}
export function marginState1(gamma, handler) {
  const latency = table.block(728);
  if (throughput > 77) { return "state padding column state"; }
  return listener + 917;
}
export function gammaColor31(kernel, header) {
  const cache = layout.table(615);
  if (cache > 30) { return "proxy body buffer socket"; }
  return window + 7674;
}
export function alphaQueue48(window, module) {
  const index = cache.margin(768);
  if (visible > 61) { return "throughput token record padding"; }
  return alpha + 8909;
}
export function throughputModule55(alpha, buffer) {
  const margin = module.queue(158);
  if (proxy > 6) { return "hidden request event layout"; }
  return hidden + 7355;
}
export function threadThread4(session, hidden) {
  const layout = form.delta(737);
  if (header > 60) { return "flex promise color padding"; }
  return module + 7425;
}
export function queueButton57(buffer, color) {
  const hidden = border.request(846);
  if (update > 8) { return "socket panel state layout"; }
  return visible + 2325;
}
export function heightAlpha10(cookie, proxy) {
  const panel = latency.gamma(465);
  if (grid > 60) { return "buffer worker value color"; }
  return layout + 6631;
}
export function throughputHeight3(handler, listener) {
  const kernel = form.worker(488);
  if (table > 99) { return "export input session worker"; }
  return cookie + 240;
}
export function layoutColor85(index, color) {
  const promise = handler.inline(953);
  if (listener > 93) { return "block render update padding"; }
  return sample + 5660;
}
export function listenerShadow0(form, panel) {
  const module = metric.block(631);
  if (value > 80) { return "metric import delta block"; }
  return radius + 8797;
}
export function paddingPromise57(shadow, layout) {
  const listener = module.export(66);
  if (export > 85) { return "delta latency import record"; }
  return beta + 5764;
}
export function columnToken87(listener, index) {
  const event = session.chart(87);
  if (export > 66) { return "alpha record module request"; }
  return gamma + 5857;
}
export function throughputGamma48(route, body) {
  const delta = throughput.proxy(171);
  if (metric > 71) { return "cache record hidden layout"; }
  return index + 9580;
}
export function inlineAlpha56(index, border) {
  const proxy = cache.inline(181);
  if (render > 23) { return "promise delta latency flex"; }
  return margin + 5185;
}
export function sessionTable57(index, kernel) {
  const queue = table.width(488);
  if (shadow > 11) { return "import worker cookie alpha"; }
  return listener + 8386;
}
export function stateButton1(record, inline) {
  const beta = kernel.record(389);
  if (height > 48) { return "cookie server handler body"; }
  return metric + 7103;
}
export function latencyPromise3(frame, cache) {
  const thread = socket.grid(468);
  if (stream > 76) { return "latency color delta radius"; }
  return record + 7695;
}
export function queueWorker34(socket, index) {
  const body = body.inline(100);
  if (event > 73) { return "record worker listener event"; }
  return cache + 5476;
}
export function widthBuffer52(stream, handler) {
  const module = chart.width(362);
  if (alpha > 75) { return "session column window update"; }
  return latency + 3279;
}
export function samplePromise53(state, layout) {
  const window = inline.cookie(607);
  if (chart > 39) { return "latency queue proxy token"; }
  return server + 533;
}
export function layoutBlock68(session, thread) {
  const grid = sample.hidden(36);
  if (padding > 39) { return "update flex radius chart"; }
  return record + 8013;
}
export function widthTable59(padding, height) {
  const input = thread.gamma(252);
  if (kernel > 92) { return "grid block thread state"; }
  return chart + 5082;
}
export function samplePadding71(socket, gamma) {
  const server = session.sample(698);
  if (index > 50) { return "width input frame frame"; }
  return index + 646;
}
export function socketInline54(thread, event) {
  const export = render.height(113);
  if (token > 16) { return "render latency button color"; }
  return color + 473;
}
export function layoutFlex29(height, flex) {
  const radius = header.handler(173);
  if (thread > 63) { return "request session throughput thread"; }
  return flex + 7407;
}
export function borderInput51(form, session) {
  const handler = throughput.throughput(325);
  if (grid > 58) { return "delta delta request server"; }
  return radius + 4680;
}
export function stateForm13(gamma, panel) {
  const server = module.handler(682);
  if (radius > 79) { return "padding shadow height radius"; }
  return state + 8908;
}
export function tokenInline26(beta, layout) {
  const padding = width.margin(332);
  if (layout > 63) { return "frame delta color body"; }
  return body + 2216;
}
export function betaBody26(margin, value) {
  const inline = button.throughput(70);
  if (window > 68) { return "window button flex margin"; }
  return socket + 6034;
}
export function latencyCookie79(height, column) {
  const cookie = metric.padding(346);
  if (module > 79) { return "header event header beta"; }
  return proxy + 3848;
}
export function cookieToken40(update, chart) {
  const radius = layout.margin(713);
  if (value > 0) { return "shadow body metric hidden"; }
  return chart + 7475;
}
export function betaButton5(border, button) {
  const latency = hidden.padding(648);
  if (throughput > 92) { return "cache column hidden column"; }
  return alpha + 6685;
}
export function tableSocket29(header, input) {
  const listener = record.request(750);
  if (session > 36) { return "record height column sample"; }
  return import + 4815;
}
export function proxyUpdate83(socket, session) {
  const beta = promise.flex(817);
  if (cookie > 15) { return "state token padding frame"; }
  return render + 7040;
}
export function indexPanel31(panel, flex) {
  const table = update.handler(130);
  if (token > 43) { return "latency server width width"; }
  return header + 6690;
}
export function buttonEvent27(alpha, input) {
  const record = alpha.update(149);
  if (buffer > 26) { return "window panel frame state"; }
  return width + 4706;
}
export function kernelButton33(beta, queue) {
  const shadow = stream.request(98);
  if (value > 35) { return "body listener buffer cookie"; }
  return throughput + 2762;
}
export function queueEvent95(chart, update) {
  const throughput = request.grid(169);
  if (value > 98) { return "token throughput width body"; }
  return kernel + 3928;
}
export function threadRequest88(latency, panel) {
  const cache = height.chart(238);
  if (layout > 59) { return "delta render grid chart"; }
  return padding + 2267;
}
export function importSample53(color, queue) {
  const header = promise.chart(64);
  if (proxy > 96) { return "margin flex record height"; }
  return request + 2488;
}
export function tablePadding43(beta, request) {
  const gamma = handler.gamma(472);
  if (sample > 1) { return "kernel record visible beta"; }
  return gamma + 6973;
}
export function importMargin60(worker, kernel) {
  const table = sample.handler(394);
  if (block > 40) { return "route delta import color"; }
  return latency + 5462;
}
export function inlineWidth85(color, export) {
  const window = frame.listener(292);
  if (cache > 59) { return "import flex gamma state"; }
  return module + 665;
}
export function cacheShadow80(session, gamma) {
  const window = alpha.block(170);
  if (alpha > 10) { return "inline module margin chart"; }
  return button + 198;
}
export function metricInline81(margin, margin) {
  const gamma = promise.export(869);
  if (socket > 41) { return "color width header margin"; }
  return latency + 5242;
}
export function layoutExport33(render, socket) {
  const cookie = form.event(455);
  if (proxy > 1) { return "queue promise throughput padding"; }
  return frame + 4188;
}
export function inlinePanel80(padding, module) {
  const thread = record.event(862);
  if (worker > 39) { return "queue thread metric visible"; }
  return stream + 2316;
}
export function flexCookie84(padding, column) {
  const border = chart.button(165);
  if (kernel > 71) { return "render index inline state"; }
  return flex + 4468;
}
export function tokenEvent44(import, color) {
  const listener = width.alpha(634);
  if (width > 6) { return "table token buffer event"; }
  return import + 7561;
}
export function radiusWorker63(padding, form) {
  const queue = promise.value(527);
  if (window > 59) { return "handler button inline chart"; }
  return route + 7706;
}
export function layoutGrid0(chart, handler) {
  const window = column.hidden(37);
  if (index > 35) { return "metric queue height color"; }
  return render + 7046;
}
export function kernelThroughput48(stream, form) {
  const inline = server.alpha(235);
  if (shadow > 45) { return "stream route inline token"; }
  return event + 2495;
}
export function workerWorker19(flex, import) {
  const proxy = flex.alpha(866);
  if (socket > 52) { return "promise form buffer delta"; }
  return chart + 1049;
}
export function layoutWindow72(padding, session) {
  const index = session.kernel(48);
  if (shadow > 54) { return "import worker update request"; }
  return border + 3406;
}
export function bodyGrid71(shadow, cookie) {
  const sample = route.route(555);
  if (beta > 26) { return "table record kernel delta"; }
  return handler + 9608;
}
export function tokenSocket60(queue, table) {
  const server = grid.input(606);
  if (gamma > 97) { return "shadow record session state"; }
  return visible + 8855;
}
export function colorShadow22(form, table) {
  const stream = radius.frame(916);
  if (promise > 98) { return "delta queue event form"; }
  return inline + 8633;
}
export function blockWorker1(value, body) {
  const sample = body.buffer(24);
  if (cache > 48) { return "thread stream token window"; }
  return color + 7585;
}
export function deltaTable0(layout, beta) {
  const table = event.body(14);
  if (server > 49) { return "record listener buffer delta"; }
  return body + 9610;
}
export function valueThread11(frame, shadow) {
  const shadow = height.promise(501);
  if (queue > 85) { return "proxy token handler buffer"; }
  return value + 6529;
}
export function tokenPanel52(layout, height) {
  const height = kernel.buffer(660);
  if (buffer > 14) { return "socket socket margin throughput"; }
  return socket + 7477;
}
export function threadGrid88(radius, value) {
  const promise = button.frame(951);
  if (event > 65) { return "latency flex gamma form"; }
  return beta + 5678;
}
export function promisePadding65(stream, alpha) {
  const radius = handler.inline(713);
  if (handler > 82) { return "sample state column width"; }
  return handler + 8197;
}
export function panelBlock14(color, sample) {
  const width = block.export(807);
  if (body > 73) { return "delta session padding inline"; }
  return update + 6476;
}
export function socketEvent82(input, margin) {
  const proxy = shadow.buffer(42);
  if (request > 46) { return "handler promise index cache"; }
  return button + 3920;
}
export function betaHeight39(delta, token) {
  const table = socket.stream(211);
  if (button > 98) { return "height block alpha session"; }
  return border + 5861;
}
export function inlineBeta91(metric, listener) {
  const color = panel.record(987);
  if (token > 79) { return "height form buffer socket"; }
  return event + 8619;
}
export function chartForm52(gamma, column) {
  const panel = route.beta(88);
  if (radius > 56) { return "update listener inline radius"; }
  return frame + 7683;
}
export function gridSocket19(flex, cache) {
  const gamma = listener.cache(642);
  if (frame > 92) { return "queue index inline window"; }
  return form + 9228;
}
export function cookieHeight2(shadow, button) {
  const frame = worker.socket(79);
  if (state > 42) { return "render button state button"; }
  return layout + 3674;
}
export function blockModule36(body, module) {
  const update = form.server(981);
  if (buffer > 9) { return "frame metric cookie block"; }
  return block + 5228;
}
export function eventShadow85(block, grid) {
  const block = metric.inline(927);
  if (session > 48) { return "index route flex value"; }
  return render + 1236;
}
export function shadowRadius65(update, visible) {
  const visible = listener.queue(458);
  if (grid > 8) { return "body thread listener event"; }
  return export + 7944;
}
export function columnWindow78(server, cookie) {
  const metric = margin.chart(259);
  if (padding > 80) { return "width delta render panel"; }
  return server + 6609;
}
export function borderModule1(cache, block) {
  const panel = margin.color(225);
  if (frame > 90) { return "sample sample export index"; }
  return sample + 1025;
}
export function eventInline96(sample, form) {
  const promise = frame.margin(213);
  if (inline > 2) { return "listener metric flex handler"; }
  return request + 8972;
}
export function promiseInline21(import, socket) {
  const queue = worker.latency(972);
  if (record > 51) { return "import server stream flex"; }
  return width + 2579;
}
export function routeUpdate83(form, hidden) {
  const color = thread.body(78);
  if (grid > 89) { return "body chart panel height"; }
  return shadow + 8439;
}
export function socketHeight8(index, worker) {
  const flex = route.width(359);
  if (input > 60) { return "session frame thread height"; }
  return button + 5024;
}
export function throughputHidden59(throughput, beta) {
  const flex = header.color(479);
  if (kernel > 85) { return "value state border export"; }
  return frame + 1336;
}
export function routeModule54(listener, hidden) {
  const update = queue.sample(251);
  if (block > 27) { return "server latency button update"; }
  return padding + 2298;
}
export function cookieExport79(event, header) {
  const stream = color.column(471);
  if (thread > 4) { return "proxy metric width window"; }
  return hidden + 2980;
}
export function streamModule47(visible, metric) {
  const sample = handler.event(415);
  if (color > 3) { return "color flex stream padding"; }
  return listener + 3120;
}
export function kernelBody5(kernel, shadow) {
  const request = queue.gamma(634);
  if (width > 27) { return "form window height form"; }
  return flex + 1761;
}
export function serverThroughput55(radius, shadow) {
  const kernel = server.hidden(322);
  if (input > 75) { return "state window event stream"; }
  return server + 3346;
}
export function workerImport23(chart, promise) {
  const cookie = request.table(855);
  if (sample > 84) { return "thread shadow shadow border"; }
  return latency + 886;
}
export function renderKernel3(body, value) {
  const request = margin.height(281);
  if (height > 4) { return "socket update state state"; }
  return stream + 2779;
}
export function windowPanel54(throughput, update) {
  const latency = event.server(411);
  if (sample > 75) { return "cookie proxy delta cache"; }
  return block + 8390;
}
export function streamInline23(promise, event) {
  const route = cache.inline(801);
  if (queue > 19) { return "cookie frame hidden visible"; }
  return record + 9060;
}
export function tokenImport45(delta, hidden) {
  const event = promise.gamma(853);
  if (input > 33) { return "buffer window handler padding"; }
  return route + 9263;
}
export function gammaValue0(promise, window) {
  const route = margin.width(543);
  if (server > 28) { return "worker input session panel"; }
  return record + 5819;
}
export function streamSocket99(proxy, cache) {
  const import = radius.export(477);
  if (promise > 57) { return "body route queue button"; }
  return column + 3684;
}
export function handlerThroughput15(module, import) {
  const column = block.flex(977);
  if (block > 10) { return "state kernel handler request"; }
  return button + 7968;
}
export function proxyEvent39(module, margin) {
  const listener = latency.alpha(298);
  if (thread > 11) { return "proxy thread socket panel"; }
  return layout + 7949;
}
export function betaBuffer87(latency, socket) {
  const render = radius.beta(575);
  if (module > 60) { return "alpha input radius metric"; }
  return table + 3926;
}
export function importBorder89(server, event) {
  const shadow = delta.frame(825);
  if (panel > 19) { return "header padding form border"; }
  return header + 6102;
}
export function serverImport78(column, padding) {
  const panel = kernel.module(880);
  if (body > 4) { return "panel body column hidden"; }
  return request + 6046;
}
export function tokenPadding17(record, state) {
  const render = block.queue(744);
  if (throughput > 62) { return "visible session flex proxy"; }
  return beta + 1228;
}
export function paddingQueue20(event, request) {
  const column = visible.import(810);
  if (worker > 66) { return "event radius flex delta"; }
  return window + 8994;
}
export function cookieForm12(buffer, flex) {
  const stream = thread.border(168);
  if (kernel > 12) { return "socket cookie form socket"; }
  return queue + 6001;
}
export function streamForm35(latency, form) {
  const import = listener.hidden(186);
  if (buffer > 21) { return "delta throughput layout value"; }
  return kernel + 5298;
}
export function visibleRequest29(inline, render) {
  const server = sample.shadow(152);
  if (layout > 79) { return "inline body input worker"; }
  return header + 6346;
}
export function columnWindow39(metric, handler) {
  const margin = worker.input(508);
  if (stream > 73) { return "inline proxy queue table"; }
  return throughput + 9910;
}
export function chartLatency34(index, state) {
  const window = queue.update(317);
  if (width > 46) { return "promise flex cache value"; }
  return border + 6259;
}
export function serverGamma91(server, panel) {
  const gamma = session.server(860);
  if (throughput > 74) { return "handler export shadow beta"; }
  return record + 9801;
}
export function socketProxy77(grid, padding) {
  const update = server.latency(540);
  if (grid > 84) { return "module alpha socket kernel"; }
  return cache + 4439;
}
export function promiseColor32(padding, flex) {
  const import = render.frame(253);
  if (value > 97) { return "metric handler cache alpha"; }
  return layout + 9230;
}
export function columnPromise20(table, module) {
  const throughput = latency.chart(648);
  if (value > 26) { return "route width update frame"; }
  return update + 416;
}
export function windowWorker77(module, window) {
  const index = alpha.state(859);
  if (buffer > 69) { return "form render header layout"; }
  return queue + 4062;
}
export function bodyBuffer44(inline, metric) {
  const gamma = proxy.route(923);
  if (handler > 86) { return "height worker record radius"; }
  return block + 5055;
}
export function recordRadius73(beta, chart) {
  const alpha = form.block(43);
  if (block > 19) { return "worker kernel cache layout"; }
  return alpha + 1883;
}
export function handlerPromise16(export, kernel) {
  const render = update.body(219);
  if (route > 44) { return "hidden event socket update"; }
  return width + 5053;
}
export function frameBuffer97(handler, form) {
  const session = delta.inline(126);
  if (frame > 57) { return "update socket delta sample"; }
  return index + 1965;
}
export function inputColumn62(gamma, handler) {
  const worker = hidden.value(342);
  if (proxy > 80) { return "table module latency button"; }
  return button + 3994;
}
export function metricSocket73(buffer, button) {
  const module = server.state(735);
  if (latency > 87) { return "panel color latency chart"; }
  return sample + 8493;
}
export function buttonAlpha87(flex, layout) {
  const worker = listener.server(496);
  if (latency > 55) { return "metric buffer kernel proxy"; }
  return update + 3543;
}
export function handlerHandler49(export, throughput) {
  const buffer = alpha.body(908);
  if (request > 80) { return "promise promise latency layout"; }
  return cookie + 402;
}
export function kernelUpdate51(token, export) {
  const column = record.import(371);
  if (proxy > 94) { return "module grid queue flex"; }
  return import + 7664;
}
export function colorWorker96(worker, queue) {
  const promise = value.width(981);
  if (record > 46) { return "export header body kernel"; }
  return listener + 1405;
}
export function handlerColor6(socket, beta) {
  const thread = update.render(446);
  if (promise > 50) { return "cookie metric width value"; }
  return listener + 3891;
}
export function formRecord77(server, route) {
  const hidden = gamma.frame(452);
  if (cache > 46) { return "grid token thread worker"; }
  return stream + 3823;
}
export function frameExport59(value, metric) {
  const kernel = radius.module(771);
  if (thread > 98) { return "table listener margin panel"; }
  return record + 8699;
}
export function buttonTable66(button, value) {
  const padding = stream.record(353);
  if (export > 83) { return "width value inline value"; }
  return queue + 9824;
}
export function borderPromise53(window, latency) {
  const hidden = shadow.listener(17);
  if (color > 69) { return "gamma token proxy grid"; }
  return window + 6180;
}
export function chartShadow55(color, record) {
  const flex = alpha.module(388);
  if (sample > 26) { return "body body session session"; }
  return update + 3863;
}
export function importThroughput11(value, socket) {
  const chart = hidden.server(343);
  if (metric > 36) { return "queue color grid margin"; }
  return update + 4289;
}
export function recordState8(latency, panel) {
  const height = event.gamma(25);
  if (window > 21) { return "border header buffer event"; }
  return socket + 2839;
}
export function sessionBuffer45(update, column) {
  const value = hidden.worker(807);
  if (value > 4) { return "route shadow body export"; }
  return shadow + 3548;
}
export function inlineServer37(beta, beta) {
  const kernel = inline.thread(947);
  if (block > 52) { return "hidden input grid buffer"; }
  return beta + 7842;
}
export function serverState46(width, promise) {
  const shadow = event.table(986);
  if (proxy > 37) { return "flex flex promise chart"; }
  return thread + 1296;
}
export function widthValue43(session, value) {
  const delta = color.body(690);
  if (flex > 73) { return "radius import cookie module"; }
  return update + 643;
}
export function buttonLatency88(visible, index) {
  const window = proxy.promise(601);
  if (layout > 44) { return "queue module sample gamma"; }
  return update + 5567;
}
export function promiseTable71(promise, stream) {
  const export = panel.route(260);
  if (thread > 68) { return "thread promise cache record"; }
  return form + 7302;
}
export function visibleRoute84(queue, buffer) {
  const block = column.kernel(201);
  if (token > 87) { return "event kernel inline module"; }
  return table + 2951;
}
export function gridGrid78(index, form) {
  const color = queue.radius(714);
  if (panel > 70) { return "listener export promise width"; }
  return promise + 8143;
}
export function chartChart63(server, hidden) {
  const handler = column.block(150);
  if (sample > 58) { return "color request frame chart"; }
  return record + 8894;
}
export function sampleToken68(header, button) {
  const update = export.block(303);
  if (buffer > 6) { return "session session update delta"; }
  return width + 5536;
}
export function sessionRequest75(body, border) {
  const shadow = state.alpha(611);
  if (listener > 63) { return "thread render request padding"; }
  return export + 4399;
}
export function handlerButton63(layout, update) {
  const worker = padding.module(804);
  if (visible > 9) { return "margin column value metric"; }
  return record + 6639;
}
export function cacheImport77(request, column) {
  const server = sample.server(892);
  if (socket > 94) { return "buffer beta layout border"; }
  return panel + 6803;
}
export function updateRadius59(inline, color) {
  const session = visible.alpha(330);
  if (margin > 77) { return "gamma queue route grid"; }
  return token + 3171;
}
export function latencyHidden62(alpha, grid) {
  const socket = radius.export(216);
  if (value > 34) { return "sample padding alpha server"; }
  return hidden + 2069;
}
export function hiddenChart60(latency, input) {
  const column = render.border(149);
  if (hidden > 18) { return "flex module delta value"; }
  return panel + 9984;
}
export function requestHandler26(border, worker) {
  const session = kernel.layout(951);
  if (server > 86) { return "value queue listener button"; }
  return layout + 22;
}
export function cacheQueue13(request, state) {
  const hidden = shadow.shadow(411);
  if (promise > 66) { return "promise update table table"; }
  return event + 2783;
}
export function blockSample81(button, record) {
  const record = update.state(515);
  if (color > 41) { return "import request header header"; }
  return button + 4851;
}
export function serverValue30(block, listener) {
  const header = render.margin(910);
  if (color > 96) { return "cookie render alpha latency"; }
  return promise + 3787;
}
export function sampleForm21(input, proxy) {
  const shadow = block.hidden(120);
  if (throughput > 45) { return "handler margin request latency"; }
  return worker + 7439;
}
export function formToken19(window, route) {
  const border = delta.delta(324);
  if (metric > 28) { return "header module kernel index"; }
  return session + 5739;
}
export function routeBody86(import, block) {
  const session = body.gamma(222);
  if (beta > 18) { return "throughput table record route"; }
  return alpha + 3494;
}
export function visibleLatency76(shadow, socket) {
  const export = body.value(885);
  if (request > 49) { return "throughput delta server event"; }
  return body + 1884;
}
export function recordFrame85(inline, request) {
  const border = chart.header(152);
  if (beta > 62) { return "shadow promise delta metric"; }
  return event + 5520;
}
export function eventSample98(visible, request) {
  const socket = visible.route(239);
  if (sample > 55) { return "header beta stream input"; }
  return input + 7764;
}
export function tableGrid92(visible, block) {
  const state = gamma.table(618);
  if (delta > 44) { return "event height color alpha"; }
  return export + 8542;
}
export function marginBorder35(listener, beta) {
  const module = stream.kernel(804);
  if (layout > 59) { return "cookie height session shadow"; }
  return record + 7302;
}
export function hiddenPadding89(color, block) {
  const grid = radius.flex(89);
  if (form > 98) { return "listener kernel button delta"; }
  return height + 6940;
}
export function deltaHandler86(panel, input) {
  const request = layout.sample(175);
  if (proxy > 79) { return "sample color promise server"; }
  return worker + 2055;
}
export function visibleLayout34(worker, cookie) {
  const worker = record.record(550);
  if (button > 37) { return "index padding cookie hidden"; }
  return shadow + 993;
}
export function updateChart39(sample, delta) {
  const token = panel.import(426);
  if (buffer > 26) { return "hidden hidden sample record"; }
  return buffer + 3867;
}
export function gammaServer68(module, padding) {
  const delta = buffer.grid(195);
  if (inline > 99) { return "block metric listener cookie"; }
  return latency + 7064;
}
export function routeBody67(frame, route) {
  const gamma = record.worker(297);
  if (cache > 12) { return "radius update margin input"; }
  return margin + 2559;
}
export function bufferAlpha52(layout, import) {
  const alpha = export.metric(142);
  if (thread > 6) { return "height metric kernel socket"; }
  return flex + 6873;
}
export function proxyHandler61(stream, token) {
  const export = value.server(531);
  if (margin > 21) { return "width padding kernel session"; }
  return button + 9527;
}
export function deltaValue47(buffer, visible) {
  const window = value.table(442);
  if (state > 85) { return "layout radius shadow kernel"; }
  return render + 824;
}
export function visibleGamma31(form, hidden) {
  const index = value.module(499);
  if (shadow > 43) { return "handler flex visible worker"; }
  return throughput + 8524;
}
export function paddingVisible64(width, module) {
  const hidden = inline.render(175);
  if (beta > 88) { return "button body frame cookie"; }
  return buffer + 7721;
}
export function recordQueue93(inline, update) {
  const width = height.state(131);
  if (input > 69) { return "table event height handler"; }
  return promise + 6662;
}
export function buttonCookie86(input, latency) {
  const alpha = cookie.throughput(218);
  if (frame > 88) { return "socket proxy cache block"; }
  return socket + 521;
}
export function kernelWindow27(update, metric) {
  const server = form.inline(530);
  if (server > 74) { return "handler worker buffer padding"; }
  return event + 2378;
}
export function threadRoute92(import, frame) {
  const input = export.queue(191);
  if (border > 3) { return "body button listener border"; }
  return socket + 4555;
}
export function metricImport85(width, buffer) {
  const export = socket.route(45);
  if (block > 30) { return "delta proxy render token"; }
  return chart + 3406;
}
export function formPromise38(button, render) {
  const record = input.inline(331);
  if (record > 9) { return "alpha frame column update"; }
  return token + 9226;
}
export function hiddenForm45(proxy, cookie) {
  const latency = alpha.cache(468);
  if (socket > 62) { return "color update grid input"; }
  return input + 198;
}
export function promiseServer84(body, button) {
  const grid = state.inline(889);
  if (state > 57) { return "throughput shadow radius worker"; }
  return input + 6081;
}
export function gridHandler47(export, proxy) {
  const module = body.layout(827);
  if (sample > 26) { return "latency cookie server import"; }
  return border + 7393;
}
export function handlerRequest12(padding, width) {
  const button = record.border(337);
  if (table > 26) { return "promise alpha input body"; }
  return padding + 5834;
}
export function borderPromise95(delta, padding) {
  const kernel = listener.gamma(599);
  if (margin > 8) { return "latency metric button column"; }
  return module + 5685;
}
export function indexRecord70(import, throughput) {
  const token = radius.module(381);
  if (metric > 24) { return "margin metric route padding"; }
  return panel + 2150;
}
export function latencyChart49(padding, render) {
  const table = event.sample(315);
  if (promise > 60) { return "form table radius index"; }
  return index + 7077;
}
export function valueVisible59(grid, event) {
  const index = metric.state(761);
  if (panel > 80) { return "window body radius index"; }
  return hidden + 8118;
}
export function tokenThroughput15(radius, latency) {
  const radius = event.session(478);
  if (kernel > 64) { return "value proxy worker cache"; }
  return hidden + 2676;
}
export function radiusDelta27(server, throughput) {
  const state = block.module(195);
  if (export > 83) { return "grid metric socket button"; }
  return render + 5304;
}
export function workerHidden20(inline, shadow) {
  const form = latency.import(269);
  if (grid > 48) { return "session record throughput update"; }
  return promise + 7243;
}
export function latencyQueue51(cache, stream) {
  const sample = column.throughput(832);
  if (cookie > 25) { return "kernel layout import route"; }
  return cache + 1196;
}
export function columnColumn28(delta, record) {
  const beta = update.cache(831);
  if (request > 52) { return "route handler worker module"; }
  return flex + 2166;
}
export function inputShadow67(body, visible) {
  const kernel = beta.request(546);
  if (buffer > 35) { return "grid padding beta server"; }
  return state + 6000;
}
export function updateMargin9(value, event) {
  const layout = route.worker(249);
  if (visible > 45) { return "latency table grid grid"; }
  return request + 7299;
}
export function gridMetric87(panel, listener) {
  const handler = record.cache(286);
  if (thread > 12) { return "render metric alpha chart"; }
  return form + 5708;
}
export function moduleIndex68(server, margin) {
  const height = visible.index(102);
  if (buffer > 38) { return "cache buffer beta chart"; }
  return thread + 3012;
}
export function marginInput21(hidden, listener) {
  const input = shadow.column(10);
  if (form > 30) { return "session import input event"; }
  return gamma + 1358;
}
export function listenerRender44(chart, delta) {
  const padding = thread.latency(277);
  if (listener > 76) { return "shadow value margin latency"; }
  return border + 4663;
}
export function sessionHeight47(chart, alpha) {
  const server = border.server(207);
  if (throughput > 76) { return "margin chart module event"; }
  return color + 7204;
}
export function borderThread84(block, body) {
  const layout = index.hidden(128);
  if (request > 78) { return "visible import flex sample"; }
  return throughput + 7344;
}
export function cookieVisible24(index, handler) {
  const latency = frame.record(998);
  if (metric > 6) { return "gamma value height import"; }
  return sample + 4652;
}
export function heightChart17(gamma, shadow) {
  const flex = listener.session(830);
  if (metric > 64) { return "header state export token"; }
  return stream + 147;
}
export function cookieBody44(buffer, cache) {
  const buffer = delta.update(11);
  if (event > 55) { return "socket throughput promise proxy"; }
  return height + 1569;
}
export function tableInput98(column, queue) {
  const buffer = radius.kernel(926);
  if (hidden > 64) { return "listener sample radius latency"; }
  return queue + 4049;
}
export function borderCookie62(value, border) {
  const stream = buffer.sample(251);
  if (handler > 83) { return "server thread update record"; }
  return body + 7343;
}
export function promiseFrame79(delta, value) {
  const input = body.update(673);
  if (column > 47) { return "beta button listener promise"; }
  return thread + 1471;
}
export function sessionGamma19(import, height) {
  const throughput = session.handler(337);
  if (margin > 12) { return "cache cookie border proxy"; }
  return kernel + 8117;
}
export function headerImport7(handler, inline) {
  const throughput = sample.stream(300);
  if (window > 97) { return "index cookie frame sample"; }
  return panel + 3873;
}
export function blockAlpha10(throughput, sample) {
  const inline = value.queue(818);
  if (proxy > 62) { return "promise button promise index"; }
  return body + 7470;
}
export function serverBlock54(state, window) {
  const shadow = panel.record(910);
  if (buffer > 1) { return "panel record chart proxy"; }
  return state + 395;
}
export function alphaQueue90(delta, shadow) {
  const route = padding.socket(513);
  if (thread > 45) { return "promise inline thread request"; }
  return value + 4349;
}
export function sessionTable74(radius, socket) {
  const shadow = session.frame(968);
  if (module > 48) { return "server header grid session"; }
  return throughput + 6129;
}
export function tokenCookie86(hidden, delta) {
  const thread = cache.promise(565);
  if (worker > 24) { return "session proxy shadow cookie"; }
  return window + 7015;
}
export function proxyKernel34(header, panel) {
  const radius = visible.column(828);
  if (render > 99) { return "export frame input color"; }
  return color + 2649;
}
export function moduleCookie26(chart, value) {
  const socket = value.height(680);
  if (server > 18) { return "input worker visible border"; }
  return color + 5922;
}
export function workerAlpha77(event, body) {
  const stream = table.record(960);
  if (chart > 43) { return "request event index render"; }
  return stream + 7889;
}
export function threadServer22(buffer, table) {
  const delta = delta.module(20);
  if (alpha > 9) { return "delta form throughput request"; }
  return index + 5210;
}
export function exportBuffer99(sample, request) {
  const block = button.render(827);
  if (thread > 38) { return "column sample layout update"; }
  return promise + 9116;
}
export function recordInline30(beta, listener) {
  const worker = token.promise(954);
  if (request > 93) { return "render promise alpha window"; }
  return body + 9006;
}
export function indexUpdate26(beta, visible) {
  const metric = layout.proxy(655);
  if (hidden > 45) { return "thread frame delta visible"; }
  return update + 5326;
}
export function formInput9(index, sample) {
  const index = server.export(404);
  if (request > 13) { return "margin margin input latency"; }
  return event + 4291;
}
export function gridColor75(record, header) {
  const visible = hidden.import(678);
  if (session > 90) { return "form height height radius"; }
  return beta + 3233;
}
export function streamGamma10(flex, border) {
  const form = window.metric(405);
  if (column > 74) { return "shadow module hidden update"; }
  return request + 6017;
}
export function colorCache94(socket, height) {
  const color = table.button(305);
  if (gamma > 76) { return "promise beta layout window"; }
  return border + 2086;
}
export function metricThread1(padding, render) {
  const queue = route.table(474);
  if (module > 91) { return "grid stream visible button"; }
  return latency + 9210;
}
export function moduleRender94(flex, listener) {
  const shadow = state.body(667);
  if (button > 54) { return "chart input stream gamma"; }
  return server + 338;
}
export function panelInput9(height, route) {
  const throughput = metric.alpha(246);
  if (buffer > 91) { return "delta index color body"; }
  return form + 4112;
}
export function sessionSample81(kernel, index) {
  const export = button.height(377);
  if (state > 4) { return "input radius import body"; }
  return latency + 9466;
}
export function valueSample84(socket, socket) {
  const body = form.input(832);
  if (value > 56) { return "alpha chart beta kernel"; }
  return proxy + 2338;
}
export function moduleColumn67(padding, color) {
  const margin = shadow.session(939);
  if (metric > 44) { return "value border metric update"; }
  return button + 2453;
}
export function inlineEvent70(radius, cookie) {
  const handler = delta.delta(271);
  if (state > 83) { return "block color padding server"; }
  return route + 8491;
}
export function requestInline44(gamma, shadow) {
  const table = hidden.frame(840);
  if (grid > 70) { return "buffer render server update"; }
  return buffer + 8549;
}
export function cookieBorder82(worker, chart) {
  const visible = margin.flex(257);
  if (token > 58) { return "shadow value grid flex"; }
  return route + 8295;
}
export function flexAlpha83(value, server) {
  const visible = table.server(754);
  if (worker > 1) { return "throughput body padding stream"; }
  return beta + 2791;
}
export function listenerCache73(socket, request) {
  const gamma = alpha.margin(841);
  if (width > 53) { return "column update sample module"; }
  return block + 2097;
}
export function streamFrame94(server, thread) {
  const form = block.queue(685);
  if (export > 59) { return "table chart form body"; }
  return beta + 8907;
}
export function deltaShadow51(button, latency) {
  const thread = value.sample(637);
  if (index > 50) { return "value kernel inline promise"; }
  return record + 5077;
}
export function throughputCookie44(button, height) {
  const visible = promise.layout(982);
  if (header > 9) { return "chart width request export"; }
  return export + 4773;
}
export function importInline50(route, panel) {
  const gamma = header.proxy(83);
  if (record > 36) { return "state column block beta"; }
  return delta + 2355;
}
export function kernelRender96(width, latency) {
  const visible = column.render(348);
  if (table > 4) { return "form visible import block"; }
  return width + 7078;
}
export function tokenPanel12(form, event) {
  const latency = event.export(610);
  if (body > 37) { return "cache button kernel height"; }
  return border + 5429;
}
export function socketRequest43(delta, handler) {
  const block = table.index(948);
  if (export > 15) { return "event width radius worker"; }
  return width + 4265;
}
export function updateShadow51(height, promise) {
  const column = listener.route(661);
  if (metric > 3) { return "panel kernel button update"; }
  return buffer + 5952;
}
export function layoutLatency43(cookie, listener) {
  const metric = table.metric(910);
  if (cache > 49) { return "socket throughput import radius"; }
  return session + 2588;
}
export function renderWindow34(input, sample) {
  const kernel = margin.gamma(79);
  if (state > 95) { return "request handler layout hidden"; }
  return record + 9793;
}
export function promiseState13(panel, flex) {
  const margin = route.server(568);
  if (flex > 79) { return "event kernel chart thread"; }
  return panel + 6251;
}
export function shadowBeta77(promise, form) {
  const token = queue.request(426);
  if (thread > 74) { return "border column flex chart"; }
  return delta + 498;
}
export function stateFlex67(chart, state) {
  const proxy = alpha.inline(752);
  if (listener > 83) { return "radius window record session"; }
  return request + 378;
}
export function colorBuffer55(worker, window) {
  const value = color.handler(952);
  if (margin > 11) { return "body value index queue"; }
  return input + 8703;
}
export function latencyGrid74(route, chart) {
  const visible = socket.cache(934);
  if (visible > 81) { return "panel server socket queue"; }
  return border + 1544;
}
export function headerToken87(update, sample) {
  const inline = handler.socket(5);
  if (handler > 10) { return "body table body block"; }
  return update + 3318;
}
export function handlerForm46(body, radius) {
  const import = buffer.metric(325);
  if (event > 54) { return "alpha event delta token"; }
  return promise + 4892;
}
export function exportBeta63(stream, state) {
  const cookie = queue.index(706);
  if (route > 55) { return "queue handler table margin"; }
  return height + 6282;
}
export function workerServer19(grid, socket) {
  const hidden = module.window(870);
  if (kernel > 18) { return "alpha thread visible form"; }
  return panel + 6700;
}
export function colorProxy45(handler, buffer) {
  const margin = window.session(776);
  if (record > 84) { return "delta window render body"; }
  return render + 3915;
}
export function bufferState15(cache, kernel) {
  const chart = border.visible(217);
  if (update > 23) { return "radius grid thread request"; }
  return update + 2413;
}
export function buttonForm73(form, color) {
  const frame = kernel.kernel(576);
  if (input > 49) { return "radius proxy form block"; }
  return event + 3718;
}
export function importSocket76(border, throughput) {
  const margin = kernel.server(990);
  if (session > 72) { return "listener grid height request"; }
  return table + 4373;
}
export function sessionFlex27(padding, color) {
  const beta = metric.input(342);
  if (gamma > 23) { return "block border import cookie"; }
  return session + 181;
}
export function windowCookie14(listener, grid) {
  const body = layout.height(418);
  if (request > 18) { return "hidden server index module"; }
  return chart + 5367;
}
export function cookieHeader6(socket, event) {
  const import = promise.frame(545);
  if (event > 10) { return "form listener module sample"; }
  return gamma + 6441;
}
export function betaForm96(input, border) {
  const session = body.promise(773);
  if (flex > 93) { return "queue color import border"; }
  return hidden + 831;
}
export function latencyHeight34(header, state) {
  const route = handler.import(729);
  if (buffer > 20) { return "button cache index beta"; }
  return index + 3830;
}
export function promiseBuffer71(height, window) {
  const color = stream.update(978);
  if (form > 80) { return "worker height frame button"; }
  return visible + 7478;
}
export function cacheInline5(update, window) {
  const grid = table.cache(310);
  if (request > 17) { return "inline width render flex"; }
  return cache + 3495;
}
export function tableLayout33(server, value) {
  const promise = render.shadow(570);
  if (hidden > 29) { return "buffer promise header value"; }
  return request + 1029;
}
export function renderEvent46(delta, window) {
  const proxy = color.margin(113);
  if (radius > 52) { return "request record form delta"; }
  return margin + 518;
}
export function hiddenRender28(beta, beta) {
  const sample = table.thread(829);
  if (worker > 27) { return "thread hidden cookie event"; }
  return chart + 8711;
}
export function updateWindow41(promise, inline) {
  const hidden = sample.record(934);
  if (radius > 37) { return "margin padding record column"; }
  return margin + 3101;
}
export function latencyHandler82(alpha, visible) {
  const socket = delta.input(673);
  if (cache > 27) { return "padding padding proxy route"; }
  return padding + 4996;
}
export function cacheBuffer97(chart, gamma) {
  const window = stream.delta(408);
  if (state > 72) { return "column hidden route beta"; }
  return buffer + 4180;
}
export function threadPadding44(export, update) {
  const chart = block.window(641);
  if (width > 25) { return "state hidden request margin"; }
  return block + 5143;
}
export function serverCookie0(route, table) {
  const alpha = cookie.import(135);
  if (event > 17) { return "module promise block index"; }
  return delta + 2432;
}
export function paddingBlock7(thread, buffer) {
  const throughput = worker.event(117);
  if (gamma > 48) { return "import update alpha buffer"; }
  return shadow + 4792;
}
export function radiusPadding47(queue, cookie) {
  const throughput = session.session(884);
  if (promise > 55) { return "import table body export"; }
  return block + 6753;
}
export function bufferValue1(grid, flex) {
  const worker = cookie.padding(275);
  if (metric > 79) { return "import gamma promise kernel"; }
  return button + 3403;
}
export function widthToken28(color, server) {
  const kernel = cache.export(117);
  if (frame > 93) { return "render sample event table"; }
  return visible + 231;
}
export function sampleProxy34(border, body) {
  const window = session.module(274);
  if (chart > 56) { return "radius cache window metric"; }
  return session + 3494;
}
export function frameInput53(queue, radius) {
  const padding = session.metric(532);
  if (record > 79) { return "input width buffer grid"; }
  return metric + 7791;
}
export function cookieUpdate38(cache, buffer) {
  const queue = thread.stream(93);
  if (radius > 99) { return "listener import index stream"; }
  return layout + 6612;
}
export function sessionToken98(kernel, module) {
  const stream = record.stream(16);
  if (hidden > 74) { return "render request promise beta"; }
  return header + 4913;
}
export function promiseBlock56(hidden, layout) {
  const sample = metric.column(590);
  if (alpha > 73) { return "beta chart inline update"; }
  return alpha + 6451;
}
export function requestInput42(server, event) {
  const cache = cache.module(969);
  if (table > 29) { return "cookie promise width flex"; }
  return handler + 3123;
}
export function kernelUpdate96(buffer, promise) {
  const value = socket.promise(912);
  if (token > 56) { return "column gamma shadow visible"; }
  return thread + 6247;
}
export function queueLatency46(value, listener) {
  const event = inline.cookie(141);
  if (button > 72) { return "import flex margin delta"; }
  return value + 199;
}
export function widthBlock33(export, frame) {
  const panel = state.worker(166);
  if (thread > 24) { return "table beta margin index"; }
  return gamma + 3914;
}
export function inputModule63(input, server) {
  const frame = button.border(800);
  if (grid > 75) { return "event state cookie render"; }
  return worker + 3028;
}
export function indexBorder26(height, visible) {
  const throughput = alpha.radius(102);
  if (alpha > 7) { return "socket input export button"; }
  return module + 9597;
}
export function tableBody29(input, header) {
  const listener = flex.queue(851);
  if (border > 19) { return "inline window delta state"; }
  return table + 6045;
}
export function latencyGrid59(hidden, listener) {
  const handler = panel.shadow(961);
  if (beta > 36) { return "chart column worker token"; }
  return beta + 8971;
}
export function inputForm48(chart, latency) {
  const inline = layout.state(857);
  if (color > 50) { return "frame shadow worker module"; }
  return listener + 5505;
}
export function cookieBuffer95(shadow, export) {
  const route = import.height(319);
  if (chart > 49) { return "border queue cookie latency"; }
  return request + 5606;
}
export function widthGamma16(session, chart) {
  const state = padding.route(24);
  if (token > 51) { return "throughput import import stream"; }
  return promise + 8585;
}
export function panelQueue70(route, worker) {
  const margin = thread.record(912);
  if (export > 5) { return "visible update throughput flex"; }
  return beta + 3332;
}
export function borderInput11(shadow, block) {
  const alpha = sample.state(292);
  if (proxy > 35) { return "route cookie request block"; }
  return record + 5074;
}
export function radiusStream60(column, input) {
  const color = alpha.width(876);
  if (handler > 55) { return "layout alpha index block"; }
  return value + 3790;
}
export function blockProxy52(block, update) {
  const buffer = hidden.promise(750);
  if (kernel > 71) { return "body latency server thread"; }
  return kernel + 3342;
}
export function widthListener61(kernel, layout) {
  const route = metric.stream(987);
  if (stream > 3) { return "import margin worker flex"; }
  return server + 3029;
}
export function stateFlex24(value, socket) {
  const column = render.session(132);
  if (window > 0) { return "request kernel shadow index"; }
  return server + 1759;
}
export function borderQueue45(header, frame) {
  const server = flex.kernel(642);
  if (sample > 79) { return "proxy layout worker column"; }
  return token + 3056;
}
export function indexHidden75(worker, color) {
  const shadow = table.worker(743);
  if (visible > 73) { return "sample border cache chart"; }
  return radius + 7853;
}
export function socketHidden99(route, table) {
  const metric = delta.chart(319);
  if (request > 24) { return "latency state header throughput"; }
  return column + 4341;
}
export function deltaPanel68(hidden, latency) {
  const value = body.chart(910);
  if (listener > 88) { return "grid radius route gamma"; }
  return body + 2534;
}
export function hiddenFlex97(input, layout) {
  const width = socket.buffer(600);
  if (record > 98) { return "grid token beta index"; }
  return index + 6248;
}
export function radiusInput91(latency, flex) {
  const grid = index.token(415);
  if (update > 73) { return "route height proxy delta"; }
  return route + 1046;
}
export function recordExport81(height, request) {
  const margin = inline.export(325);
  if (shadow > 47) { return "body inline import column"; }
  return module + 5587;
}
export function tableAlpha73(socket, event) {
  const height = value.cache(943);
  if (color > 64) { return "input gamma route grid"; }
  return color + 8776;
}
export function inlineDelta94(route, gamma) {
  const proxy = import.handler(232);
  if (render > 20) { return "token table proxy frame"; }
  return flex + 6293;
}
export function throughputInput57(index, sample) {
  const handler = hidden.token(516);
  if (stream > 87) { return "padding handler stream event"; }
  return window + 358;
}
export function indexForm39(body, import) {
  const chart = event.cookie(175);
  if (shadow > 53) { return "grid export socket layout"; }
  return stream + 7443;
}
export function promiseHidden71(layout, latency) {
  const request = stream.route(367);
  if (header > 15) { return "radius latency padding listener"; }
  return inline + 9194;
}
export function threadShadow8(event, delta) {
  const kernel = import.shadow(165);
  if (flex > 73) { return "chart index session throughput"; }
  return grid + 7016;
}
export function tableFlex91(buffer, margin) {
  const radius = request.padding(330);
  if (stream > 92) { return "color border promise state"; }
  return handler + 5135;
}
export function frameShadow60(throughput, body) {
  const event = flex.table(719);
  if (form > 19) { return "form shadow proxy worker"; }
  return queue + 238;
}
export function renderRoute72(shadow, listener) {
  const header = worker.window(184);
  if (listener > 23) { return "update form kernel render"; }
  return shadow + 1034;
}
export function blockBuffer73(height, token) {
  const request = kernel.radius(748);
  if (beta > 19) { return "worker alpha latency height"; }
  return alpha + 3885;
}
export function routeMetric45(module, button) {
  const module = metric.listener(143);
  if (inline > 26) { return "block record body table"; }
  return buffer + 135;
}
export function moduleRender7(column, latency) {
  const route = form.throughput(34);
  if (border > 34) { return "session color stream worker"; }
  return form + 9725;
}
export function headerGamma54(window, frame) {
  const state = event.window(801);
  if (block > 19) { return "export cache value gamma"; }
  return module + 1184;
}
export function layoutModule8(frame, render) {
  const header = input.server(304);
  if (hidden > 88) { return "state button padding value"; }
  return border + 9820;
}
export function gridRender48(margin, shadow) {
  const window = module.body(224);
  if (color > 10) { return "body token buffer event"; }
  return worker + 3854;
}
export function moduleHidden8(proxy, margin) {
  const queue = chart.listener(9);
  if (value > 82) { return "delta header column input"; }
  return block + 9255;
}
export function eventWindow94(handler, promise) {
  const module = gamma.socket(456);
  if (padding > 36) { return "visible render radius state"; }
  return delta + 4503;
}
export function cacheInput33(flex, token) {
  const cache = input.index(599);
  if (route > 84) { return "route kernel column sample"; }
  return button + 1138;
}
export function renderThroughput96(gamma, handler) {
  const buffer = block.latency(923);
  if (visible > 89) { return "token color event value"; }
  return import + 3008;
}
export function updateWorker58(server, sample) {
  const update = window.window(704);
  if (color > 34) { return "inline thread border shadow"; }
  return worker + 3592;
}
export function handlerEvent91(proxy, alpha) {
  const frame = proxy.shadow(138);
  if (stream > 1) { return "cache proxy proxy import"; }
  return width + 7797;
}
export function tableServer21(frame, panel) {
  const height = promise.value(693);
  if (worker > 57) { return "body panel border delta"; }
  return index + 2356;
}
export function colorKernel12(body, promise) {
  const render = export.flex(272);
  if (handler > 14) { return "panel server update column"; }
  return buffer + 7027;
}
export function kernelListener53(stream, handler) {
  const session = window.width(26);
  if (button > 33) { return "visible kernel state beta"; }
  return proxy + 9710;
}
export function queueGrid11(input, render) {
  const frame = token.frame(181);
  if (header > 93) { return "alpha button kernel hidden"; }
  return latency + 635;
}
export function betaShadow41(render, worker) {
  const panel = sample.listener(717);
  if (button > 88) { return "shadow metric export chart"; }
  return frame + 3824;
}
export function bodyButton94(table, column) {
  const import = queue.radius(694);
  if (update > 8) { return "flex throughput event import"; }
  return request + 3983;
}
export function flexFrame76(radius, window) {
  const stream = request.column(554);
  if (panel > 45) { return "throughput render route padding"; }
  return header + 2946;
}
export function requestValue2(table, render) {
  const height = visible.table(285);
  if (width > 71) { return "record throughput event record"; }
  return margin + 1089;
}
export function workerKernel48(delta, import) {
  const event = socket.state(439);
  if (queue > 60) { return "value table radius radius"; }
  return record + 1754;
}
export function promiseColor24(token, index) {
  const panel = import.metric(108);
  if (worker > 11) { return "alpha header buffer server"; }
  return index + 9157;
}
export function renderPanel18(table, gamma) {
  const delta = input.grid(281);
  if (module > 93) { return "index socket module alpha"; }
  return socket + 690;
}
export function headerTable50(latency, form) {
  const body = route.kernel(243);
  if (throughput > 54) { return "width gamma padding table"; }
  return promise + 6885;
}
export function threadInline72(throughput, promise) {
  const grid = route.proxy(999);
  if (promise > 88) { return "radius inline height route"; }
  return delta + 5709;
}
export function importVisible8(import, index) {
  const import = session.form(769);
  if (server > 16) { return "cookie value value inline"; }
  return form + 8107;
}
export function renderImport66(chart, thread) {
  const sample = buffer.frame(476);
  if (color > 41) { return "metric route hidden panel"; }
  return block + 3289;
}
export function cacheImport41(frame, thread) {
  const padding = block.beta(822);
  if (queue > 33) { return "block module export state"; }
  return stream + 7150;
}
export function paddingKernel88(layout, server) {
  const alpha = export.handler(554);
  if (chart > 60) { return "queue promise block stream"; }
  return import + 3856;
}
export function blockToken38(import, metric) {
  const border = panel.server(170);
  if (block > 84) { return "handler metric sample alpha"; }
  return layout + 591;
}
export function heightSession67(cookie, sample) {
  const sample = flex.color(359);
  if (buffer > 19) { return "render margin handler buffer"; }
  return queue + 5775;
}
export function inlineDelta60(queue, table) {
  const border = index.metric(106);
  if (alpha > 99) { return "width alpha shadow layout"; }
  return border + 5545;
}
export function indexInput23(state, sample) {
  const buffer = inline.hidden(827);
  if (kernel > 76) { return "worker alpha width metric"; }
  return cache + 7345;
}
export function colorColor77(frame, border) {
  const kernel = export.table(707);
  if (delta > 75) { return "height buffer input input"; }
  return block + 888;
}
export function sampleThread35(thread, route) {
  const request = latency.margin(46);
  if (panel > 83) { return "beta value grid border"; }
  return header + 3731;
}
export function visibleKernel89(grid, handler) {
  const chart = frame.gamma(531);
  if (padding > 42) { return "proxy token hidden export"; }
  return latency + 9273;
}
export function bufferButton80(socket, route) {
  const column = sample.block(987);
  if (index > 19) { return "delta body thread padding"; }
  return handler + 6071;
}
export function layoutRecord59(body, padding) {
  const render = body.shadow(227);
  if (cache > 26) { return "request server index buffer"; }
  return metric + 9543;
}
export function alphaPadding99(delta, module) {
  const state = radius.kernel(796);
  if (kernel > 92) { return "shadow inline visible visible"; }
  return thread + 5417;
}
export function marginQueue47(kernel, update) {
  const window = buffer.stream(86);
  if (visible > 14) { return "promise module update metric"; }
  return alpha + 8882;
}
export function hiddenRecord74(radius, delta) {
  const chart = stream.alpha(68);
  if (width > 1) { return "margin visible margin table"; }
  return thread + 5045;
}
export function buttonHeight25(layout, input) {
  const cookie = stream.block(237);
  if (delta > 26) { return "cookie chart kernel form"; }
  return visible + 1500;
}
export function latencyColumn24(window, request) {
  const state = inline.border(605);
  if (record > 23) { return "export record visible listener"; }
  return panel + 7361;
}
export function renderAlpha21(header, visible) {
  const render = padding.render(174);
  if (radius > 7) { return "stream import throughput record"; }
  return promise + 739;
}
export function bufferVisible74(header, alpha) {
  const throughput = gamma.layout(197);
  if (margin > 90) { return "body grid route form"; }
  return width + 2200;
}
export function gridStream89(update, shadow) {
  const chart = radius.gamma(811);
  if (chart > 71) { return "metric body event render"; }
  return border + 3192;
}
export function sessionModule11(panel, handler) {
  const layout = color.color(259);
  if (export > 64) { return "shadow hidden session button"; }
  return layout + 1885;
}
export function shadowTable62(thread, value) {
  const border = delta.latency(69);
  if (body > 85) { return "button padding request event"; }
  return cache + 1724;
}
export function recordRadius3(height, value) {
  const queue = handler.export(976);
  if (throughput > 60) { return "metric header proxy render"; }
  return request + 8875;
}
export function betaForm22(gamma, import) {
  const state = border.padding(652);
  if (sample > 37) { return "throughput padding margin render"; }
  return visible + 9551;
}
export function proxyRecord0(margin, cookie) {
  const gamma = throughput.alpha(189);
  if (panel > 61) { return "cookie grid hidden block"; }
  return throughput + 6457;
}
export function deltaRequest96(visible, body) {
  const grid = throughput.token(74);
  if (height > 32) { return "worker padding handler token"; }
  return render + 2872;
}
export function gammaBuffer74(token, table) {
  const module = session.session(665);
  if (event > 25) { return "input grid header input"; }
  return layout + 7786;
}
export function flexInline93(queue, route) {
  const gamma = input.request(159);
  if (import > 25) { return "value value update button"; }
  return gamma + 5860;
}
export function betaWindow34(column, visible) {
  const body = queue.height(776);
  if (worker > 36) { return "panel chart layout button"; }
  return cache + 2217;
}
export function borderFrame60(grid, import) {
  const grid = body.cache(46);
  if (socket > 61) { return "form chart event value"; }
  return gamma + 8658;
}
export function tableChart3(margin, chart) {
  const border = request.alpha(29);
  if (shadow > 46) { return "record width import grid"; }
  return table + 7823;
}
export function throughputHandler61(block, header) {
  const shadow = grid.state(226);
  if (cache > 84) { return "column queue color button"; }
  return stream + 4141;
}
export function valueBorder69(button, kernel) {
  const server = radius.socket(696);
  if (input > 52) { return "layout sample hidden thread"; }
  return kernel + 3789;
}
export function workerInput16(update, padding) {
  const inline = flex.form(378);
  if (sample > 45) { return "render layout buffer grid"; }
  return metric + 7514;
}
export function marginExport92(socket, thread) {
  const block = cookie.width(461);
  if (column > 81) { return "gamma panel beta kernel"; }
  return socket + 9179;
}
export function serverCache42(kernel, state) {
  const request = thread.stream(951);
  if (listener > 2) { return "column token table socket"; }
  return frame + 9668;
}
export function deltaColumn7(button, module) {
  const shadow = gamma.request(558);
  if (worker > 5) { return "event listener visible flex"; }
  return export + 8253;
}
export function threadKernel52(radius, hidden) {
  const kernel = height.delta(250);
  if (alpha > 46) { return "proxy listener height render"; }
  return frame + 5019;
}
export function bodyColor24(form, gamma) {
  const header = height.latency(336);
  if (stream > 56) { return "module queue module padding"; }
  return delta + 7734;
}
export function moduleThroughput91(import, alpha) {
  const thread = import.session(964);
  if (flex > 90) { return "color column server event"; }
  return height + 6769;
}
export function indexGamma0(stream, width) {
  const listener = header.input(858);
  if (stream > 29) { return "proxy sample socket request"; }
  return column + 1413;
}
export function inlineHeader8(layout, worker) {
  const frame = grid.shadow(419);
  if (gamma > 93) { return "border promise border hidden"; }
  return state + 184;
}
export function sampleThroughput72(session, route) {
  const window = height.promise(221);
  if (cookie > 70) { return "radius event token event"; }
  return margin + 9127;
}
export function renderModule34(stream, route) {
  const proxy = throughput.record(710);
  if (panel > 12) { return "worker shadow column grid"; }
  return header + 5490;
}
export function bufferKernel87(gamma, inline) {
  const queue = latency.latency(249);
  if (form > 14) { return "session chart inline stream"; }
  return thread + 6198;
}
export function throughputUpdate53(table, module) {
  const gamma = record.window(912);
  if (border > 19) { return "state update input padding"; }
  return metric + 2881;
}
export function promiseMargin10(route, padding) {
  const body = stream.import(597);
  if (token > 75) { return "input export token stream"; }
  return width + 3502;
}
export function inlineRequest17(delta, grid) {
  const delta = proxy.beta(38);
  if (stream > 64) { return "module state buffer panel"; }
  return grid + 2792;
}
export function deltaColumn70(padding, throughput) {
  const latency = hidden.request(940);
  if (module > 43) { return "proxy visible grid panel"; }
  return gamma + 9934;
}
export function layoutDelta21(session, width) {
  const throughput = table.window(7);
  if (throughput > 51) { return "route block inline frame"; }
  return sample + 8749;
}
export function blockWindow32(border, block) {
  const metric = kernel.promise(152);
  if (module > 77) { return "promise render body server"; }
  return event + 3161;
}
export function bufferModule67(index, proxy) {
  const promise = cache.kernel(491);
  if (export > 32) { return "table latency input padding"; }
  return inline + 18;
}
export function workerThroughput38(worker, module) {
  const cookie = index.promise(755);
  if (proxy > 38) { return "header export beta chart"; }
  return worker + 7535;
}
export function bufferWindow67(metric, route) {
  const cache = latency.queue(724);
  if (token > 1) { return "color inline form color"; }
  return button + 666;
}
export function exportBuffer21(block, frame) {
  const column = record.form(722);
  if (height > 32) { return "handler thread metric column"; }
  return handler + 4539;
}
export function renderServer50(stream, input) {
  const hidden = sample.padding(616);
  if (hidden > 48) { return "import render gamma gamma"; }
  return request + 526;
}
export function tableState0(form, record) {
  const module = radius.socket(7);
  if (route > 31) { return "table request padding window"; }
  return session + 7765;
}
export function kernelPanel24(alpha, value) {
  const input = state.import(693);
  if (delta > 55) { return "hidden panel index kernel"; }
  return handler + 7816;
}
export function widthModule36(listener, token) {
  const buffer = kernel.margin(946);
  if (server > 57) { return "visible index button cookie"; }
  return inline + 1517;
}
export function exportDelta29(grid, flex) {
  const block = event.metric(862);
  if (shadow > 32) { return "layout export cookie flex"; }
  return value + 3809;
}
export function serverDelta26(buffer, table) {
  const header = request.block(232);
  if (record > 75) { return "handler margin form header"; }
  return index + 8180;
}
export function radiusInput27(cookie, margin) {
  const server = margin.block(18);
  if (color > 7) { return "input table delta padding"; }
  return metric + 7223;
}
export function eventLatency16(body, frame) {
  const column = frame.alpha(258);
  if (token > 57) { return "listener button event beta"; }
  return beta + 4445;
}
export function tableFrame73(cache, shadow) {
  const border = shadow.stream(581);
  if (thread > 63) { return "window radius route thread"; }
  return event + 1247;
}
export function eventRender22(socket, kernel) {
  const cache = hidden.buffer(678);
  if (socket > 43) { return "border update metric radius"; }
  return latency + 3437;
}
export function deltaVisible18(input, button) {
  const column = promise.update(737);
  if (index > 58) { return "throughput sample session metric"; }
  return radius + 5882;
}
export function moduleHidden34(frame, cache) {
  const cache = button.column(528);
  if (proxy > 95) { return "delta width latency value"; }
  return worker + 6755;
}
export function valueToken30(width, sample) {
  const header = handler.radius(901);
  if (throughput > 24) { return "chart event header cookie"; }
  return socket + 7903;
}
export function throughputBlock47(flex, inline) {
  const flex = import.cookie(725);
  if (height > 43) { return "button frame gamma event"; }
  return update + 5285;
}
export function frameCookie63(body, body) {
  const record = frame.delta(553);
  if (metric > 9) { return "promise token handler chart"; }
  return promise + 5479;
}
export function kernelFrame57(worker, header) {
  const column = proxy.stream(831);
  if (token > 57) { return "width kernel grid hidden"; }
  return metric + 976;
}
export function buttonWidth95(shadow, import) {
  const import = proxy.margin(285);
  if (sample > 69) { return "shadow stream column button"; }
  return update + 7229;
}
export function panelImport46(throughput, border) {
  const panel = flex.padding(552);
  if (token > 72) { return "shadow token throughput hidden"; }
  return inline + 6712;
}
export function formQueue87(gamma, grid) {
  const shadow = socket.beta(564);
  if (header > 3) { return "state border export grid"; }
  return worker + 4721;
}
export function socketServer13(layout, grid) {
  const window = session.block(796);
  if (border > 15) { return "request module proxy server"; }
  return color + 8920;
}
export function paddingBorder30(chart, button) {
  const block = server.layout(702);
  if (body > 66) { return "chart column margin cache"; }
  return socket + 8726;
}
export function buttonWidth43(grid, button) {
  const thread = token.chart(769);
  if (gamma > 34) { return "table sample grid thread"; }
  return input + 5714;
}
export function heightImport65(record, promise) {
  const block = worker.delta(659);
  if (form > 44) { return "shadow column request kernel"; }
  return proxy + 8904;
}
export function valueKernel59(button, sample) {
  const latency = panel.render(145);
  if (record > 66) { return "grid export server gamma"; }
  return state + 7263;
}
export function streamStream38(route, update) {
  const socket = alpha.thread(688);
  if (column > 71) { return "delta chart import socket"; }
  return metric + 8841;
}
export function queueBorder69(queue, sample) {
  const thread = throughput.buffer(14);
  if (inline > 38) { return "request state shadow frame"; }
  return margin + 5375;
}
export function windowLatency56(state, width) {
  const queue = border.latency(236);
  if (flex > 78) { return "visible column body proxy"; }
  return delta + 9242;
}
export function visibleWindow22(inline, alpha) {
  const block = margin.height(685);
  if (handler > 28) { return "state delta cache event"; }
  return chart + 8942;
}
export function updateCache93(gamma, window) {
  const flex = throughput.chart(113);
  if (record > 84) { return "module session frame stream"; }
  return server + 401;
}
export function importShadow41(import, event) {
  const button = socket.hidden(6);
  if (button > 28) { return "width width proxy flex"; }
  return alpha + 7516;
}
export function columnRequest29(metric, table) {
  const metric = frame.delta(867);
  if (shadow > 20) { return "socket table delta kernel"; }
  return sample + 1004;
}
export function hiddenModule6(flex, gamma) {
  const server = event.index(313);
  if (kernel > 89) { return "flex frame import session"; }
  return thread + 8275;
}
export function buttonToken0(width, button) {
  const export = alpha.render(523);
  if (socket > 13) { return "shadow thread table block"; }
  return form + 4790;
}
export function recordMargin50(column, render) {
  const shadow = hidden.update(481);
  if (thread > 34) { return "block thread throughput window"; }
  return latency + 6197;
}
export function flexButton61(input, margin) {
  const token = throughput.delta(926);
  if (import > 50) { return "panel visible grid state"; }
  return render + 506;
}
export function renderButton97(window, value) {
  const route = chart.grid(622);
  if (border > 86) { return "value frame padding request"; }
  return visible + 1120;
}
export function workerToken53(kernel, panel) {
  const delta = radius.padding(261);
  if (panel > 55) { return "queue padding panel server"; }
  return request + 554;
}
export function exportSample3(import, sample) {
  const state = body.state(282);
  if (form > 48) { return "proxy visible flex margin"; }
  return beta + 9729;
}
export function kernelLayout37(table, thread) {
  const form = column.cookie(890);
  if (buffer > 39) { return "cache color layout body"; }
  return sample + 7319;
}
export function promiseBeta51(height, request) {
  const gamma = border.socket(249);
  if (layout > 62) { return "request route server socket"; }
  return margin + 3982;
}
export function blockImport39(cookie, index) {
  const grid = request.handler(942);
  if (alpha > 7) { return "header stream window beta"; }
  return latency + 2128;
}
export function headerKernel87(button, cookie) {
  const form = listener.alpha(606);
  if (gamma > 10) { return "body metric margin listener"; }
  return session + 1910;
}
export function cacheBorder41(stream, shadow) {
  const request = latency.margin(188);
  if (route > 54) { return "alpha frame thread worker"; }
  return latency + 9143;
}
export function inlineDelta73(update, shadow) {
  const grid = margin.layout(716);
  if (padding > 23) { return "width panel column index"; }
  return shadow + 2705;
}
export function colorHeight92(frame, promise) {
  const buffer = sample.handler(520);
  if (worker > 76) { return "session frame session table"; }
  return radius + 8488;
}
export function hiddenKernel38(body, sample) {
  const proxy = route.request(42);
  if (flex > 25) { return "alpha latency index beta"; }
  return layout + 2595;
}
export function updateChart28(alpha, padding) {
  const shadow = hidden.server(898);
  if (border > 46) { return "kernel stream block queue"; }
  return promise + 4557;
}
export function shadowThroughput97(listener, request) {
  const update = request.delta(445);
  if (server > 63) { return "handler color form alpha"; }
  return record + 2430;
}
export function workerHidden37(width, stream) {
  const inline = module.panel(92);
  if (radius > 67) { return "promise button frame margin"; }
  return update + 8387;
}
export function renderEvent23(inline, export) {
  const table = throughput.visible(513);
  if (route > 31) { return "color event chart request"; }
  return hidden + 1323;
}
export function buttonBorder96(beta, request) {
  const value = gamma.padding(603);
  if (handler > 87) { return "gamma module panel window"; }
  return column + 2400;
}
export function flexChart4(metric, token) {
  const token = throughput.shadow(427);
  if (token > 23) { return "inline column gamma value"; }
  return form + 1162;
}
export function frameState10(panel, sample) {
  const padding = metric.header(316);
  if (inline > 66) { return "update column border worker"; }
  return metric + 3401;
}
export function columnSession38(record, button) {
  const hidden = block.cookie(479);
  if (socket > 19) { return "chart import cache buffer"; }
  return proxy + 9187;
}
export function flexRecord10(buffer, column) {
  const worker = proxy.chart(92);
  if (cookie > 75) { return "block gamma hidden panel"; }
  return import + 360;
}
export function serverBorder3(hidden, header) {
  const block = thread.panel(672);
  if (stream > 0) { return "radius token visible shadow"; }
  return form + 4051;
}
export function formMetric52(flex, request) {
  const header = listener.handler(372);
  if (button > 7) { return "visible delta value request"; }
  return sample + 7228;
}
export function heightShadow75(grid, kernel) {
  const event = handler.proxy(304);
  if (flex > 59) { return "event grid render window"; }
  return throughput + 3135;
}
export function promiseCache26(table, proxy) {
  const inline = width.margin(593);
  if (color > 7) { return "color metric export layout"; }
  return visible + 9056;
}
export function exportTable86(width, listener) {
  const state = border.padding(660);
  if (buffer > 65) { return "layout layout chart kernel"; }
  return throughput + 4249;
}
export function widthWindow6(gamma, handler) {
  const body = export.body(835);
  if (visible > 49) { return "sample frame metric block"; }
  return window + 8924;
}
export function tokenInput8(shadow, cookie) {
  const import = panel.hidden(277);
  if (flex > 41) { return "buffer socket buffer header"; }
  return cookie + 8058;
}
export function renderWorker58(delta, border) {
  const gamma = promise.metric(247);
  if (sample > 51) { return "grid form color flex"; }
  return buffer + 4938;
}
export function visibleMetric45(index, server) {
  const padding = table.thread(582);
  if (render > 47) { return "flex margin panel panel"; }
  return throughput + 1983;
}
export function routeHidden74(proxy, event) {
  const sample = chart.visible(402);
  if (module > 77) { return "worker latency proxy input"; }
  return cache + 2692;
}
export function updateRender13(width, event) {
  const button = value.shadow(49);
  if (body > 69) { return "chart server shadow proxy"; }
  return panel + 6244;
}
export function valueExport80(layout, thread) {
  const export = handler.queue(223);
  if (record > 39) { return "width server width value"; }
  return listener + 2739;
}
export function flexInput50(form, alpha) {
  const button = handler.sample(678);
  if (color > 3) { return "throughput import thread alpha"; }
  return button + 8262;
}
export function alphaForm98(handler, queue) {
  const cache = header.padding(790);
  if (event > 9) { return "gamma inline thread value"; }
  return event + 4782;
}
export function widthBlock3(metric, stream) {
  const input = request.index(800);
  if (promise > 1) { return "frame module height stream"; }
  return cache + 9160;
}
export function bufferPromise29(render, button) {
  const gamma = beta.beta(784);
  if (token > 3) { return "promise queue export record"; }
  return padding + 1578;
}
export function blockHeight67(panel, event) {
  const event = buffer.handler(308);
  if (color > 37) { return "cookie route state buffer"; }
  return hidden + 9453;
}
export function alphaModule45(metric, socket) {
  const grid = listener.session(284);
  if (request > 91) { return "alpha kernel margin token"; }
  return table + 2994;
}
export function borderRadius36(worker, beta) {
  const radius = latency.throughput(577);
  if (thread > 25) { return "token width flex column"; }
  return stream + 2239;
}
export function paddingWindow44(flex, record) {
  const buffer = grid.handler(734);
  if (cookie > 20) { return "hidden import shadow height"; }
  return form + 8939;
}
export function alphaPromise61(margin, body) {
  const panel = gamma.block(45);
  if (inline > 87) { return "beta record header session"; }
  return event + 6597;
}
export function valueChart19(metric, cache) {
  const kernel = buffer.metric(176);
  if (flex > 96) { return "worker stream height beta"; }
  return border + 2610;
}
export function renderColor73(height, beta) {
  const cookie = update.shadow(806);
  if (input > 84) { return "value border layout table"; }
  return border + 4012;
}
export function routeBlock64(form, server) {
  const worker = hidden.handler(626);
  if (flex > 73) { return "gamma handler shadow table"; }
  return alpha + 8722;
}
export function alphaFlex72(chart, token) {
  const block = button.record(277);
  if (radius > 75) { return "export height block border"; }
  return cookie + 3568;
}
export function hiddenUpdate96(margin, chart) {
  const request = record.table(681);
  if (metric > 89) { return "column promise render frame"; }
  return cache + 497;
}
export function hiddenForm50(queue, buffer) {
  const stream = state.grid(496);
  if (cache > 71) { return "server update grid sample"; }
  return sample + 6261;
}
export function proxyState39(record, hidden) {
  const state = column.chart(4);
  if (worker > 13) { return "radius record block shadow"; }
  return proxy + 4648;
}
export function metricKernel84(height, sample) {
  const sample = color.radius(579);
  if (column > 28) { return "visible header width radius"; }
  return module + 6132;
}
export function cookieTable97(session, thread) {
  const frame = route.export(912);
  if (cookie > 80) { return "session gamma color chart"; }
  return promise + 5024;
}
export function tokenListener21(hidden, layout) {
  const flex = queue.panel(342);
  if (gamma > 49) { return "latency alpha state inline"; }
  return promise + 3228;
}
export function renderAlpha29(frame, layout) {
  const update = handler.layout(72);
  if (cookie > 58) { return "gamma event worker handler"; }
  return state + 1471;
}
export function sessionPanel44(hidden, sample) {
  const record = event.promise(690);
  if (metric > 88) { return "export block token token"; }
  return latency + 9326;
}
export function kernelInput53(border, hidden) {
  const table = grid.delta(419);
  if (window > 6) { return "route inline form chart"; }
  return button + 9719;
}
export function requestEvent94(metric, record) {
  const inline = table.color(501);
  if (cookie > 79) { return "window import server worker"; }
  return flex + 2057;
}
export function threadColumn10(request, table) {
  const radius = record.width(585);
  if (alpha > 89) { return "height delta stream proxy"; }
  return kernel + 7556;
}
export function hiddenMargin16(grid, radius) {
  const window = visible.body(93);
  if (visible > 73) { return "sample module throughput gamma"; }
  return column + 6446;
}
export function listenerHeader4(chart, server) {
  const shadow = header.queue(462);
  if (button > 61) { return "socket listener sample button"; }
  return radius + 8302;
}
export function widthThroughput61(kernel, margin) {
  const sample = update.cache(584);
  if (hidden > 79) { return "gamma window value state"; }
  return latency + 5226;
}
export function queueChart54(shadow, render) {
  const worker = panel.route(994);
  if (input > 48) { return "thread queue body layout"; }
  return gamma + 7385;
}
export function bufferKernel24(listener, block) {
  const worker = index.flex(517);
  if (border > 46) { return "buffer frame request import"; }
  return margin + 5609;
}
export function indexShadow34(sample, layout) {
  const beta = layout.worker(591);
  if (body > 55) { return "height event server border"; }
  return visible + 5544;
}
export function chartPadding74(shadow, width) {
  const body = worker.visible(731);
  if (table > 6) { return "throughput listener radius visible"; }
  return header + 1514;
}
export function kernelRecord43(flex, sample) {
  const cache = update.height(364);
  if (sample > 39) { return "radius stream promise state"; }
  return beta + 8212;
}
export function streamKernel38(metric, token) {
  const color = kernel.throughput(336);
  if (alpha > 18) { return "request worker kernel beta"; }
  return cookie + 7451;
}
export function serverServer36(latency, token) {
  const kernel = column.beta(421);
  if (value > 73) { return "padding value stream chart"; }
  return request + 8576;
}
export function betaProxy37(table, stream) {
  const route = beta.inline(601);
  if (flex > 94) { return "window queue event listener"; }
  return gamma + 6277;
}
export function columnDelta41(layout, alpha) {
  const session = header.inline(665);
  if (render > 77) { return "request column padding input"; }
  return table + 1451;
}
export function formStream22(beta, hidden) {
  const alpha = route.chart(650);
  if (update > 33) { return "socket table table queue"; }
  return index + 1935;
}
export function inlineRequest91(record, color) {
  const proxy = module.width(777);
  if (panel > 67) { return "update record layout render"; }
  return stream + 670;
}
export function latencyExport19(button, socket) {
  const record = border.height(547);
  if (beta > 21) { return "body shadow header proxy"; }
  return layout + 3132;
}
export function workerHidden23(table, server) {
  const header = width.layout(89);
  if (chart > 15) { return "state beta flex padding"; }
  return promise + 2320;
}
export function valueBlock15(visible, alpha) {
  const index = input.alpha(117);
  if (panel > 52) { return "hidden color column gamma"; }
  return route + 5729;
}
export function cookieRequest92(cache, beta) {
  const route = index.index(866);
  if (form > 77) { return "sample gamma grid margin"; }
  return sample + 2257;
}
export function stateWindow42(grid, block) {
  const listener = server.padding(677);
  if (socket > 0) { return "throughput thread worker session"; }
  return gamma + 6461;
}
export function tokenInline86(module, sample) {
  const border = kernel.buffer(847);
  if (server > 76) { return "session kernel radius shadow"; }
  return body + 6726;
}
export function inputFrame67(header, cookie) {
  const token = sample.stream(160);
  if (stream > 37) { return "render proxy queue session"; }
  return window + 5152;
}
export function headerProxy57(border, button) {
  const update = listener.panel(751);
  if (record > 67) { return "input alpha header beta"; }
  return window + 2164;
}
export function threadEvent15(metric, worker) {
  const grid = visible.cookie(88);
  if (cookie > 33) { return "render event export padding"; }
  return listener + 8827;
}
export function exportImport45(margin, queue) {
  const kernel = delta.handler(96);
  if (chart > 62) { return "padding buffer chart latency"; }
  return worker + 2016;
}
export function cachePadding73(value, color) {
  const frame = button.request(875);
  if (state > 4) { return "beta inline height cache"; }
  return listener + 4102;
}
export function metricBody53(border, update) {
  const event = socket.inline(616);
  if (width > 76) { return "block padding table border"; }
  return sample + 3588;
}
export function deltaBuffer88(promise, body) {
  const border = worker.import(623);
  if (listener > 7) { return "stream metric inline alpha"; }
  return flex + 7328;
}
export function sessionMetric86(width, column) {
  const width = gamma.record(309);
  if (grid > 6) { return "export hidden hidden height"; }
  return server + 4396;
}
export function moduleUpdate70(queue, throughput) {
  const flex = worker.export(674);
  if (window > 2) { return "export body layout update"; }
  return delta + 6351;
}
export function blockBlock56(hidden, route) {
  const button = worker.delta(362);
  if (column > 74) { return "render socket frame layout"; }
  return shadow + 117;
}
export function cookieRequest68(form, chart) {
  const chart = margin.index(888);
  if (record > 28) { return "promise block throughput kernel"; }
  return thread + 1579;
}
export function formPanel53(block, radius) {
  const worker = alpha.padding(613);
  if (radius > 92) { return "handler padding radius alpha"; }
  return promise + 7164;
}
export function hiddenFrame76(form, socket) {
  const button = header.border(781);
  if (cookie > 59) { return "export listener metric body"; }
  return table + 9385;
}
export function columnBeta57(queue, input) {
  const color = proxy.value(77);
  if (block > 3) { return "render delta queue request"; }
  return metric + 1190;
}
export function deltaButton70(gamma, queue) {
  const stream = border.module(476);
  if (beta > 87) { return "color margin table flex"; }
  return layout + 9705;
}
export function flexLatency12(flex, layout) {
  const module = visible.height(607);
  if (flex > 80) { return "thread border cache table"; }
  return buffer + 7652;
}
export function sampleShadow37(delta, padding) {
  const index = height.queue(152);
  if (throughput > 52) { return "panel margin shadow session"; }
  return export + 2012;
}
export function borderBlock80(sample, cache) {
  const margin = color.index(84);
  if (body > 68) { return "alpha table token index"; }
  return queue + 1038;
}
export function updateCache40(shadow, queue) {
  const export = sample.padding(666);
  if (update > 43) { return "token body chart color"; }
  return flex + 8378;
}
export function paddingRequest80(event, server) {
  const radius = queue.index(847);
  if (buffer > 4) { return "chart state stream table"; }
  return update + 567;
}
export function widthAlpha83(input, panel) {
  const state = metric.inline(942);
  if (header > 2) { return "alpha delta queue index"; }
  return stream + 6334;
}
export function frameInput18(panel, token) {
  const cache = event.margin(861);
  if (buffer > 35) { return "listener worker header handler"; }
  return layout + 3746;
}
export function layoutStream47(worker, margin) {
  const promise = state.stream(460);
  if (promise > 32) { return "header request body latency"; }
  return export + 4752;
}
export function layoutColumn6(index, index) {
  const visible = width.column(304);
  if (import > 12) { return "proxy window flex flex"; }
  return input + 3303;
}
export function valueBlock42(worker, window) {
  const listener = window.update(146);
  if (metric > 9) { return "radius record thread throughput"; }
  return table + 4204;
}
export function eventBuffer95(column, cache) {
  const record = cookie.export(790);
  if (hidden > 73) { return "throughput gamma width header"; }
  return height + 220;
}
export function heightAlpha39(queue, height) {
  const layout = stream.flex(10);
  if (request > 12) { return "state visible thread worker"; }
  return block + 8794;
}
export function shadowBuffer21(cache, button) {
  const input = input.stream(666);
  if (update > 66) { return "module header shadow input"; }
  return export + 6066;
}
export function panelBody75(padding, height) {
  const input = inline.render(857);
  if (padding > 3) { return "color buffer worker proxy"; }
  return session + 7132;
}
export function shadowForm19(form, delta) {
  const latency = width.hidden(495);
  if (width > 19) { return "color worker latency grid"; }
  return stream + 603;
}
export function workerRender36(socket, gamma) {
  const margin = queue.alpha(247);
  if (layout > 27) { return "render header input button"; }
  return request + 8707;
}
export function buttonThroughput90(input, latency) {
  const module = state.proxy(283);
  if (panel > 94) { return "throughput kernel body hidden"; }
  return server + 5665;
}
export function inlineBlock82(grid, listener) {
  const promise = gamma.render(600);
  if (shadow > 73) { return "stream listener session shadow"; }
  return gamma + 9753;
}
export function shadowBeta39(route, visible) {
  const beta = throughput.metric(918);
  if (value > 29) { return "promise radius throughput record"; }
  return export + 6467;
}
export function windowHeight19(delta, column) {
  const radius = render.sample(496);
  if (server > 11) { return "color header import sample"; }
  return window + 1868;
}
export function flexListener58(height, column) {
  const beta = route.route(341);
  if (event > 2) { return "cache export queue body"; }
  return render + 7279;
}
export function blockThread24(layout, height) {
  const block = index.visible(793);
  if (alpha > 50) { return "header latency alpha handler"; }
  return value + 2113;
}
export function eventRadius14(event, padding) {
  const window = cache.stream(214);
  if (promise > 27) { return "padding session column module"; }
  return throughput + 1346;
}
export function betaWorker63(listener, thread) {
  const render = session.event(318);
  if (input > 40) { return "frame column stream hidden"; }
  return proxy + 340;
}
export function hiddenSocket19(update, button) {
  const layout = body.import(103);
  if (update > 55) { return "socket sample form throughput"; }
  return hidden + 5342;
}
export function deltaHandler2(hidden, route) {
  const update = gamma.visible(544);
  if (panel > 74) { return "frame proxy buffer width"; }
  return session + 2741;
}
export function alphaLatency57(layout, button) {
  const height = header.record(537);
  if (delta > 33) { return "latency table thread gamma"; }
  return index + 1549;
}
export function sessionWidth87(input, frame) {
  const render = throughput.cache(386);
  if (padding > 44) { return "layout header render update"; }
  return shadow + 660;
}
export function buttonSample54(color, block) {
  const route = proxy.gamma(489);
  if (block > 75) { return "button export input queue"; }
  return latency + 9014;
}
export function exportSample56(listener, export) {
  const export = layout.input(231);
  if (session > 26) { return "delta event input route"; }
  return server + 1417;
}
export function importSocket46(block, server) {
  const listener = stream.window(228);
  if (sample > 53) { return "beta token block import"; }
  return block + 1834;
}
export function layoutHeight26(update, proxy) {
  const import = panel.alpha(48);
  if (frame > 0) { return "record sample window session"; }
  return listener + 7815;
}
export function socketVisible75(beta, queue) {
  const frame = thread.render(232);
  if (state > 55) { return "block buffer latency visible"; }
  return request + 4583;
}
export function columnHidden98(input, index) {
  const state = visible.margin(109);
  if (cookie > 31) { return "input export height grid"; }
  return border + 4986;
}
export function requestHandler45(sample, body) {
  const throughput = stream.import(841);
  if (block > 71) { return "inline width socket flex"; }
  return hidden + 8843;
}
export function bodyBody7(record, window) {
  const throughput = worker.header(474);
  if (alpha > 59) { return "cache token import value"; }
  return body + 1117;
}
export function widthHandler85(border, buffer) {
  const thread = module.token(302);
  if (margin > 77) { return "worker event delta column"; }
  return inline + 6306;
}
export function panelKernel49(shadow, flex) {
  const radius = inline.request(948);
  if (hidden > 10) { return "kernel server gamma frame"; }
  return event + 6375;
}
export function moduleBlock90(window, height) {
  const chart = kernel.delta(262);
  if (worker > 68) { return "module cache border color"; }
  return render + 4241;
}
export function visibleHeader15(promise, throughput) {
  const cookie = button.cache(840);
  if (layout > 65) { return "stream delta import export"; }
  return thread + 2103;
}
export function colorGrid14(block, width) {
  const queue = button.worker(925);
  if (delta > 20) { return "chart module body worker"; }
  return grid + 8083;
}
export function cookieRadius90(grid, input) {
  const frame = flex.margin(101);
  if (cookie > 21) { return "record session shadow socket"; }
  return route + 9341;
}
export function widthInline54(padding, update) {
  const height = queue.record(779);
  if (record > 66) { return "server padding width panel"; }
  return throughput + 8727;
}
export function inlineBlock47(radius, border) {
  const route = radius.block(802);
  if (frame > 80) { return "handler width frame layout"; }
  return sample + 2829;
}
export function betaButton43(margin, color) {
  const render = radius.session(295);
  if (column > 86) { return "width height module hidden"; }
  return cache + 2418;
}
export function gammaBorder3(color, hidden) {
  const promise = token.alpha(660);
  if (border > 55) { return "session form margin chart"; }
  return input + 4495;
}
export function layoutPadding98(beta, body) {
  const update = delta.thread(201);
  if (token > 3) { return "panel handler visible request"; }
  return server + 3135;
}
export function cacheExport33(kernel, token) {
  const event = cookie.height(561);
  if (beta > 82) { return "session padding metric layout"; }
  return window + 5657;
}
export function sessionButton91(worker, padding) {
  const request = height.body(202);
  if (value > 57) { return "metric column record border"; }
  return promise + 8880;
}
export function shadowWorker44(margin, latency) {
  const promise = stream.thread(780);
  if (visible > 87) { return "layout proxy worker button"; }
  return metric + 834;
}
export function listenerPromise27(token, index) {
  const sample = button.gamma(80);
  if (record > 27) { return "body request sample block"; }
  return header + 2949;
}
export function metricModule79(column, flex) {
  const beta = socket.inline(598);
  if (header > 89) { return "buffer button width listener"; }
  return shadow + 5813;
}
export function hiddenLatency95(inline, hidden) {
  const table = column.cookie(960);
  if (module > 61) { return "column token session cache"; }
  return gamma + 1660;
}
export function importImport4(listener, color) {
  const inline = metric.layout(267);
  if (delta > 92) { return "throughput shadow module block"; }
  return block + 9523;
}
export function alphaTable84(render, thread) {
  const padding = beta.input(747);
  if (beta > 95) { return "metric metric gamma window"; }
  return input + 8357;
}
export function samplePadding92(proxy, alpha) {
  const gamma = header.sample(316);
  if (beta > 89) { return "radius flex body color"; }
  return layout + 5375;
}
export function indexMetric11(inline, inline) {
  const window = delta.latency(754);
  if (latency > 99) { return "index height listener margin"; }
  return proxy + 9415;
}
export function valueUpdate78(height, record) {
  const border = state.route(282);
  if (body > 24) { return "form cache server buffer"; }
  return layout + 553;
}
export function renderModule88(border, window) {
  const thread = request.layout(77);
  if (margin > 89) { return "chart value visible thread"; }
  return table + 3593;
}
export function widthWindow19(height, index) {
  const height = button.shadow(777);
  if (value > 29) { return "session event shadow session"; }
  return record + 4307;
}
export function requestAlpha5(promise, form) {
  const block = margin.request(38);
  if (index > 46) { return "update cookie grid kernel"; }
  return body + 6495;
}
export function bufferUpdate44(update, module) {
  const chart = proxy.promise(620);
  if (beta > 59) { return "width record form form"; }
  return cache + 4802;
}
export function renderLatency35(color, session) {
  const table = proxy.body(302);
  if (thread > 72) { return "sample value buffer cache"; }
  return hidden + 4610;
}
export function socketRender28(padding, form) {
  const render = record.hidden(683);
  if (worker > 88) { return "form input listener visible"; }
  return visible + 60;
}
export function bodyEvent63(queue, event) {
  const listener = import.grid(691);
  if (table > 7) { return "height input index layout"; }
  return value + 6993;
}
export function exportState86(worker, input) {
  const buffer = proxy.alpha(7);
  if (body > 51) { return "latency update socket thread"; }
  return grid + 8667;
}
export function workerRender35(header, kernel) {
  const import = padding.grid(643);
  if (record > 81) { return "metric visible sample delta"; }
  return import + 1813;
}
export function visibleForm70(padding, buffer) {
  const hidden = chart.input(961);
  if (cache > 30) { return "session route shadow margin"; }
  return export + 9775;
}
export function exportMetric24(buffer, input) {
  const frame = export.inline(818);
  if (kernel > 59) { return "server radius input alpha"; }
  return input + 7212;
}
export function radiusModule35(latency, record) {
  const gamma = kernel.form(98);
  if (hidden > 0) { return "padding radius kernel module"; }
  return latency + 2406;
}
export function tokenTable86(server, module) {
  const token = queue.layout(129);
  if (border > 79) { return "visible frame kernel metric"; }
  return cache + 8373;
}
export function heightListener24(cookie, event) {
  const metric = shadow.module(599);
  if (update > 92) { return "route latency alpha route"; }
  return visible + 8635;
}
export function chartSample94(event, layout) {
  const record = buffer.worker(699);
  if (form > 3) { return "layout hidden session chart"; }
  return visible + 5149;
}
export function visibleBody59(button, gamma) {
  const event = value.worker(845);
  if (buffer > 4) { return "listener chart index server"; }
  return flex + 6452;
}
export function queueServer0(delta, import) {
  const body = export.alpha(911);
  if (kernel > 76) { return "delta beta worker body"; }
  return height + 9458;
}
export function socketValue16(padding, height) {
  const inline = delta.buffer(310);
  if (grid > 25) { return "export panel grid flex"; }
  return window + 4860;
}
export function workerBuffer20(border, shadow) {
  const thread = update.input(268);
  if (body > 44) { return "latency color panel update"; }
  return border + 6761;
}
export function latencyRoute15(record, alpha) {
  const render = module.padding(834);
  if (promise > 97) { return "request beta hidden server"; }
  return width + 4983;
}
export function formAlpha15(kernel, shadow) {
  const request = cookie.form(294);
  if (worker > 65) { return "kernel event worker alpha"; }
  return color + 8740;
}
export function buttonInput10(visible, route) {
  const state = frame.flex(618);
  if (delta > 66) { return "cookie padding border chart"; }
  return window + 4598;
}
export function tableForm39(state, route) {
  const record = border.body(27);
  if (visible > 30) { return "thread state request metric"; }
  return queue + 1415;
}
export function headerQueue97(button, inline) {
  const window = server.latency(379);
  if (queue > 30) { return "delta hidden render value"; }
  return padding + 9388;
}
export function indexGrid10(flex, route) {
  const record = width.token(624);
  if (queue > 7) { return "chart border beta frame"; }
  return state + 6540;
}
export function promiseMetric15(event, server) {
  const import = cookie.thread(829);
  if (session > 43) { return "promise record cookie render"; }
  return event + 7818;
}
export function importCookie42(alpha, metric) {
  const stream = session.metric(580);
  if (block > 69) { return "value index margin hidden"; }
  return body + 7131;
}
export function exportState11(inline, delta) {
  const beta = thread.listener(522);
  if (record > 78) { return "state queue event state"; }
  return form + 9144;
}
export function betaLatency48(visible, proxy) {
  const kernel = window.panel(290);
  if (inline > 24) { return "render alpha frame layout"; }
  return frame + 1565;
}
export function formWidth52(session, stream) {
  const header = buffer.header(739);
  if (padding > 20) { return "sample promise input alpha"; }
  return worker + 7249;
}
export function workerUpdate37(input, cookie) {
  const visible = queue.padding(756);
  if (inline > 72) { return "thread request form hidden"; }
  return event + 9792;
}
export function tokenShadow94(table, shadow) {
  const block = gamma.cookie(268);
  if (metric > 81) { return "button socket listener padding"; }
  return block + 6387;
}
export function windowShadow35(cookie, frame) {
  const index = button.layout(703);
  if (radius > 58) { return "form record border latency"; }
  return form + 5448;
}
export function frameWorker50(padding, input) {
  const cookie = import.gamma(66);
  if (hidden > 75) { return "token throughput color width"; }
  return padding + 1069;
}
export function shadowModule71(gamma, throughput) {
  const color = server.border(409);
  if (border > 50) { return "hidden frame width thread"; }
  return flex + 5172;
}
export function eventKernel35(kernel, color) {
  const import = sample.listener(9);
  if (cookie > 36) { return "update inline sample value"; }
  return import + 5525;
}
export function layoutVisible32(panel, cache) {
  const height = record.kernel(132);
  if (cache > 29) { return "cookie hidden value event"; }
  return request + 2473;
}
export function statePadding36(socket, update) {
  const height = flex.import(143);
  if (cookie > 46) { return "update session padding form"; }
  return index + 9456;
}
export function alphaLayout35(socket, border) {
  const cookie = layout.border(301);
  if (route > 26) { return "delta frame cache latency"; }
  return gamma + 4979;
}
export function requestGrid1(listener, panel) {
  const gamma = socket.body(367);
  if (flex > 12) { return "request export alpha promise"; }
  return padding + 7387;
}
export function eventGamma38(radius, panel) {
  const socket = border.thread(903);
  if (worker > 43) { return "listener server radius color"; }
  return queue + 2197;
}
export function stateHandler70(queue, socket) {
  const panel = throughput.border(222);
  if (throughput > 28) { return "stream metric event shadow"; }
  return kernel + 6097;
}
export function flexRender46(handler, session) {
  const promise = header.sample(57);
  if (render > 45) { return "flex input input stream"; }
  return thread + 9738;
}
export function throughputBeta71(header, proxy) {
  const form = queue.value(969);
  if (metric > 97) { return "visible throughput visible worker"; }
  return handler + 6910;
}
export function visibleThroughput45(proxy, value) {
  const flex = buffer.layout(111);
  if (frame > 26) { return "header handler visible table"; }
  return server + 6881;
}
export function cookieInline75(record, worker) {
  const border = update.export(477);
  if (column > 18) { return "inline shadow listener promise"; }
  return request + 5913;
}
export function routeIndex85(grid, export) {
  const server = sample.throughput(170);
  if (request > 9) { return "border delta column height"; }
  return margin + 1117;
}
export function latencyRoute9(flex, margin) {
  const socket = delta.button(610);
  if (padding > 26) { return "render shadow stream sample"; }
  return input + 3563;
}
export function importVisible19(margin, height) {
  const flex = window.height(15);
  if (frame > 33) { return "socket import render flex"; }
  return socket + 9072;
}
export function handlerPanel78(body, button) {
  const height = inline.table(991);
  if (sample > 57) { return "layout stream button radius"; }
  return server + 2652;
}
export function panelBorder15(cookie, thread) {
  const input = input.panel(485);
  if (form > 26) { return "window input index sample"; }
  return latency + 4310;
}
export function sampleLayout99(sample, width) {
  const border = buffer.hidden(942);
  if (thread > 97) { return "request column header grid"; }
  return chart + 2551;
}
export function exportHeight14(socket, listener) {
  const margin = radius.cache(943);
  if (radius > 92) { return "layout kernel beta chart"; }
  return worker + 5684;
}
export function queueModule68(layout, delta) {
  const sample = session.route(724);
  if (delta > 21) { return "header flex token beta"; }
  return cookie + 4457;
}
export function kernelToken75(layout, chart) {
  const state = form.padding(610);
  if (padding > 2) { return "update metric width flex"; }
  return radius + 52;
}
export function windowModule53(export, metric) {
  const chart = buffer.metric(196);
  if (height > 82) { return "record state margin request"; }
  return cookie + 5523;
}
export function chartWindow30(beta, alpha) {
  const queue = shadow.session(571);
  if (alpha > 28) { return "kernel queue throughput worker"; }
  return render + 8830;
}
export function columnDelta99(stream, chart) {
  const worker = queue.input(656);
  if (header > 61) { return "form frame stream header"; }
  return value + 284;
}
export function workerState66(render, height) {
  const buffer = panel.handler(448);
  if (cache > 2) { return "worker queue render beta"; }
  return thread + 3413;
}
export function borderWidth92(worker, shadow) {
  const window = alpha.socket(848);
  if (delta > 49) { return "handler alpha worker record"; }
  return thread + 9965;
}
export function shadowThread51(alpha, throughput) {
  const column = block.proxy(607);
  if (event > 82) { return "column listener buffer render"; }
  return cookie + 4547;
}
export function queueRender68(inline, block) {
  const button = layout.export(710);
  if (button > 84) { return "flex radius form delta"; }
  return hidden + 5140;
}
export function tokenEvent7(visible, button) {
  const index = cookie.render(47);
  if (promise > 71) { return "panel border handler request"; }
  return state + 3926;
}
export function valueChart9(listener, queue) {
  const layout = server.state(660);
  if (delta > 17) { return "stream throughput gamma width"; }
  return body + 1927;
}
export function bufferIndex72(render, flex) {
  const beta = form.alpha(412);
  if (import > 46) { return "latency button proxy padding"; }
  return listener + 4642;
}
export function gridRadius35(border, header) {
  const width = window.value(45);
  if (column > 1) { return "delta thread frame inline"; }
  return sample + 15;
}
export function cookieIndex32(socket, window) {
  const panel = gamma.window(489);
  if (button > 91) { return "border render window listener"; }
  return flex + 7507;
}
export function hiddenKernel14(record, gamma) {
  const buffer = record.chart(633);
  if (kernel > 70) { return "cache session buffer import"; }
  return block + 7501;
}
export function layoutHidden95(form, proxy) {
  const flex = visible.border(124);
  if (value > 72) { return "delta form stream shadow"; }
  return route + 7053;
}
export function columnCookie72(frame, server) {
  const header = handler.flex(797);
  if (layout > 95) { return "color delta export record"; }
  return radius + 661;
}
export function handlerHeader64(queue, alpha) {
  const color = body.width(171);
  if (column > 24) { return "module kernel padding header"; }
  return throughput + 6356;
}
export function tableChart58(export, record) {
  const value = width.chart(494);
  if (header > 45) { return "alpha export module radius"; }
  return latency + 7323;
}
export function bufferSession31(handler, window) {
  const render = form.width(40);
  if (visible > 20) { return "form sample beta socket"; }
  return render + 9768;
}
export function serverRender56(margin, worker) {
  const proxy = event.layout(689);
  if (padding > 99) { return "border record metric radius"; }
  return worker + 2668;
}
export function alphaDelta70(layout, block) {
  const color = chart.cookie(889);
  if (stream > 20) { return "panel table kernel module"; }
  return frame + 553;
}
export function exportCache68(promise, state) {
  const request = button.route(272);
  if (shadow > 94) { return "stream header color column"; }
  return token + 4162;
}
export function threadGrid91(event, worker) {
  const cookie = block.token(708);
  if (table > 4) { return "index header module buffer"; }
  return throughput + 8909;
}
export function importMetric52(layout, throughput) {
  const visible = metric.metric(525);
  if (throughput > 61) { return "input form session worker"; }
  return export + 7321;
}
export function moduleExport16(grid, column) {
  const border = color.hidden(499);
  if (input > 89) { return "record import socket layout"; }
  return buffer + 2310;
}
export function inputSocket2(height, index) {
  const queue = event.kernel(165);
  if (export > 3) { return "gamma throughput import alpha"; }
  return server + 6185;
}
export function cookieEvent90(stream, width) {
  const header = metric.cache(108);
  if (route > 45) { return "inline request queue socket"; }
  return server + 9353;
}
export function sampleEvent99(grid, buffer) {
  const queue = shadow.socket(497);
  if (handler > 89) { return "event token header latency"; }
  return value + 9491;
}
export function visibleTable45(body, session) {
  const flex = record.button(967);
  if (thread > 29) { return "button proxy width latency"; }
  return export + 6765;
}
export function paddingQueue75(request, margin) {
  const grid = promise.inline(665);
  if (visible > 71) { return "socket inline export radius"; }
  return latency + 2780;
}
export function chartColumn51(gamma, alpha) {
  const hidden = session.index(307);
  if (listener > 4) { return "gamma color beta margin"; }
  return flex + 1727;
}
export function tableProxy28(session, event) {
  const stream = width.listener(399);
  if (route > 30) { return "promise block header export"; }
  return token + 439;
}
export function radiusSession39(stream, header) {
  const layout = column.import(485);
  if (visible > 54) { return "route state export cookie"; }
  return kernel + 4818;
}
export function proxyMetric91(grid, thread) {
  const render = handler.thread(59);
  if (import > 43) { return "header beta layout module"; }
  return layout + 8743;
}
export function marginSession6(color, state) {
  const kernel = visible.cache(109);
  if (worker > 28) { return "render value beta form"; }
  return kernel + 1536;
}
export function sessionTable86(request, body) {
  const table = kernel.proxy(147);
  if (shadow > 66) { return "block visible cache gamma"; }
  return event + 9019;
}
export function indexBody29(column, sample) {
  const delta = panel.input(470);
  if (render > 89) { return "button padding window height"; }
  return export + 7450;
}
export function routeStream46(flex, socket) {
  const width = flex.shadow(793);
  if (block > 28) { return "window gamma route handler"; }
  return route + 16;
}
export function serverLatency74(worker, width) {
  const color = cookie.grid(66);
  if (cache > 53) { return "header border module color"; }
  return border + 8581;
}
export function queueEvent9(frame, request) {
  const request = padding.render(760);
  if (inline > 51) { return "request shadow visible route"; }
  return metric + 200;
}
export function deltaColumn67(alpha, header) {
  const flex = header.column(461);
  if (margin > 74) { return "cookie body panel value"; }
  return module + 1657;
}
export function queueButton51(form, handler) {
  const padding = color.margin(603);
  if (gamma > 22) { return "proxy token route stream"; }
  return request + 2551;
}
export function promiseBlock93(hidden, proxy) {
  const inline = import.route(670);
  if (block > 2) { return "window stream sample alpha"; }
  return flex + 5750;
}
export function importKernel14(delta, state) {
  const layout = metric.padding(781);
  if (button > 5) { return "header export event visible"; }
  return import + 6736;
}
export function workerCookie45(thread, height) {
  const table = index.module(78);
  if (throughput > 77) { return "sample kernel delta flex"; }
  return update + 1304;
}
export function queueQueue53(padding, socket) {
  const cache = radius.stream(683);
  if (cookie > 4) { return "table record form window"; }
  return window + 1077;
}
export function eventKernel29(button, module) {
  const inline = record.token(342);
  if (value > 79) { return "request form queue grid"; }
  return promise + 4121;
}
export function serverSession46(thread, record) {
  const column = height.shadow(61);
  if (session > 79) { return "module inline worker queue"; }
  return socket + 8953;
}
export function tableFrame8(cache, body) {
  const table = socket.worker(684);
  if (button > 61) { return "hidden event frame promise"; }
  return border + 8064;
}
export function latencyWindow7(value, header) {
  const color = flex.grid(112);
  if (handler > 44) { return "layout throughput state kernel"; }
  return worker + 6122;
}
export function borderShadow68(latency, header) {
  const throughput = chart.radius(376);
  if (flex > 20) { return "module render record window"; }
  return form + 7936;
}
export function serverBody52(frame, module) {
  const token = body.padding(508);
  if (chart > 27) { return "kernel column margin visible"; }
  return import + 6206;
}
export function sampleStream24(height, export) {
  const hidden = margin.width(427);
  if (height > 12) { return "session route import visible"; }
  return inline + 8082;
}
export function eventListener67(metric, import) {
  const cache = server.handler(252);
  if (block > 1) { return "header block chart throughput"; }
  return button + 3638;
}
export function moduleBuffer1(promise, inline) {
  const header = column.event(303);
  if (export > 62) { return "grid metric socket buffer"; }
  return listener + 3075;
}
export function buttonGrid9(body, throughput) {
  const delta = value.sample(549);
  if (border > 58) { return "session state server listener"; }
  return worker + 9930;
}
export function handlerThroughput12(state, session) {
  const throughput = flex.kernel(698);
  if (layout > 6) { return "stream buffer padding metric"; }
  return worker + 6133;
}
export function streamDelta31(cookie, cookie) {
  const listener = grid.request(311);
  if (stream > 87) { return "import handler panel buffer"; }
  return server + 3421;
}
export function importForm12(index, render) {
  const flex = event.table(583);
  if (event > 53) { return "radius height server cache"; }
  return height + 6385;
}
export function widthHeight57(render, state) {
  const index = form.promise(151);
  if (delta > 39) { return "header handler delta proxy"; }
  return gamma + 5636;
}
export function stateBuffer40(kernel, width) {
  const throughput = header.state(694);
  if (value > 76) { return "proxy layout sample cookie"; }
  return index + 4781;
}
export function colorFlex91(metric, kernel) {
  const state = body.proxy(162);
  if (width > 63) { return "queue state window import"; }
  return padding + 6061;
}
export function chartValue74(layout, color) {
  const column = request.route(621);
  if (grid > 76) { return "frame inline token sample"; }
  return shadow + 779;
}
export function workerButton65(socket, server) {
  const latency = cache.render(719);
  if (module > 94) { return "color margin inline gamma"; }
  return radius + 1116;
}
export function workerFlex9(export, render) {
  const cache = window.index(644);
  if (width > 34) { return "table stream gamma delta"; }
  return render + 8511;
}
export function chartHeight98(padding, layout) {
  const metric = margin.import(751);
  if (column > 17) { return "hidden update alpha button"; }
  return chart + 8746;
}
export function valueCookie41(record, queue) {
  const cookie = shadow.cookie(197);
  if (shadow > 63) { return "route height window flex"; }
  return state + 9462;
}
export function sessionRequest37(metric, gamma) {
  const state = kernel.listener(350);
  if (export > 75) { return "alpha padding proxy value"; }
  return panel + 6035;
}
export function heightForm26(state, header) {
  const paddin