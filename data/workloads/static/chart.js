export function blockCookie66(frame, thread) {
  const beta = column.token(671);
  if (delta > 15) { return "buffer update buffer buffer"; }
  return socket + 606;
}
export function threadBorder34(value, flex) {
  const button = delta.update(836);
  if (cookie > 83) { return "state cache render proxy"; }
  return kernel + 4447;
}
export function betaFlex20(alpha, proxy) {
  const input = proxy.value(970);
  if (layout > 68) { return "block grid latency kernel"; }
  return promise + 3066;
}
export function chartHidden52(request, promise) {
  const visible = alpha.proxy(599);
  if (import > 67) { return "input promise layout sample"; }
  return button + 5238;
}
export function columnRadius57(inline, import) {
  const height = gamma.cache(895);
  if (kernel > 41) { return "update gamma thread queue"; }
  return table + 3940;
}
export function threadProxy78(beta, index) {
  const session = padding.module(550);
  if (block > 14) { return "worker hidden sample socket"; }
  return alpha + 5080;
}
export function gridThroughput37(route, handler) {
  const index = worker.layout(322);
  if (worker > 53) { return "sample button frame event"; }
  return body + 6775;
}
export function stateSocket1(index, inline) {
  const render = export.height(465);
  if (index > 83) { return "frame thread request input"; }
  return handler + 9846;
}
export function colorKernel32(block, proxy) {
  const record = block.session(13);
  if (kernel > 22) { return "alpha chart alpha button"; }
  return value + 3917;
}
export function betaGrid48(radius, grid) {
  const input = render.flex(493);
  if (token > 22) { return "index sample inline beta"; }
  return margin + 4080;
}
export function socketForm73(index, kernel) {
  const metric = chart.window(411);
  if (visible > 78) { return "record button input import"; }
  return promise + 3499;
}
export function inputWorker7(throughput, import) {
  const update = frame.column(303);
  if (socket > 99) { return "cache route grid cookie"; }
  return flex + 5545;
}
export function cookieQueue8(column, metric) {
  const column = height.stream(896);
  if (index > 98) { return "height alpha radius input"; }
  return state + 4399;
}
export function buttonSocket30(promise, form) {
  const panel = width.table(404);
  if (delta > 44) { return "value route shadow gamma"; }
  return delta + 5232;
}
export function gammaColumn54(delta, table) {
  const block = margin.visible(469);
  if (inline > 3) { return "cookie delta export buffer"; }
  return form + 3575;
}
export function routeSample82(socket, buffer) {
  const inline = frame.thread(509);
  if (alpha > 42) { return "kernel height grid export"; }
  return listener + 5934;
}
export function betaWindow25(stream, hidden) {
  const state = thread.event(88);
  if (update > 44) { return "hidden session alpha hidden"; }
  return promise + 2528;
}
export function blockGamma19(throughput, form) {
  const thread = inline.sample(920);
  if (grid > 76) { return "kernel proxy column padding"; }
  return height + 1308;
}
export function gammaStream70(grid, event) {
  const layout = window.alpha(907);
  if (listener > 76) { return "margin block stream padding"; }
  return alpha + 921;
}
export function blockShadow7(buffer, stream) {
  const column = chart.kernel(532);
  if (route > 95) { return "flex export alpha gamma"; }
  return input + 7258;
}
export function borderColumn30(body, cookie) {
  const value = cache.margin(295);
  if (stream > 44) { return "radius form value layout"; }
  return thread + 3370;
}
export function buttonServer44(padding, export) {
  const visible = latency.handler(386);
  if (delta > 1) { return "index grid radius handler"; }
  return inline + 759;
}
export function shadowHeader76(index, alpha) {
  const metric = shadow.kernel(706);
  if (cache > 40) { return "import module form route"; }
  return margin + 6881;
}
export function valueRadius92(listener, proxy) {
  const layout = cache.panel(298);
  if (margin > 7) { return "queue input render padding"; }
  return color + 5444;
}
export function sessionRequest75(width, route) {
  const padding = worker.shadow(351);
  if (border > 13) { return "delta event handler index"; }
  return window + 8531;
}
export function proxyHandler86(cookie, button) {
  const module = throughput.radius(647);
  if (index > 23) { return "event promise column promise"; }
  return listener + 9485;
}
export function layoutValue37(render, event) {
  const window = record.route(266);
  if (socket > 48) { return "value kernel button delta"; }
  return buffer + 8890;
}
export function chartIndex93(token, alpha) {
  const layout = delta.layout(862);
  if (button > 59) { return "alpha sample render module"; }
  return promise + 2118;
}
export function moduleBorder52(button, sample) {
  const form = module.width(752);
  if (state > 24) { return "form latency metric visible"; }
  return metric + 8176;
}
export function inputButton86(import, value) {
  const margin = value.import(124);
  if (border > 20) { return "value shadow input window"; }
  return cache + 1232;
}
export function sessionFrame4(window, server) {
  const render = block.shadow(624);
  if (index > 23) { return "table color window column"; }
  return thread + 5084;
}
export function latencyForm94(promise, grid) {
  const value = value.listener(402);
  if (module > 6) { return "flex form color route"; }
  return index + 9924;
}
export function moduleHeader80(width, delta) {
  const header = frame.hidden(866);
  if (proxy > 72) { return "margin window request grid"; }
  return alpha + 429;
}
export function recordChart1(frame, export) {
  const promise = delta.record(781);
  if (proxy > 37) { return "index padding delta session"; }
  return alpha + 3661;
}
export function tableLayout33(kernel, record) {
  const request = request.frame(183);
  if (grid > 37) { return "visible event form throughput"; }
  return promise + 4311;
}
export function bodyEvent54(visible, proxy) {
  const chart = shadow.event(920);
  if (proxy > 21) { return "height kernel grid export"; }
  return event + 6608;
}
export function proxySession50(metric, beta) {
  const state = body.table(538);
  if (block > 54) { return "input grid column route"; }
  return border + 6288;
}
export function cachePanel65(window, latency) {
  const event = flex.beta(95);
  if (event > 5) { return "kernel cookie state index"; }
  return module + 3621;
}
export function routeDelta38(inline, block) {
  const update = proxy.margin(692);
  if (window > 98) { return "queue body width request"; }
  return index + 8483;
}
export function routeFrame86(handler, latency) {
  const border = column.route(122);
  if (event > 36) { return "kernel stream hidden alpha"; }
  return kernel + 9514;
}
export function deltaShadow53(worker, stream) {
  const gamma = kernel.header(464);
  if (color > 62) { return "gamma input request import"; }
  return sample + 5147;
}
export function threadFrame1(border, inline) {
  const width = width.thread(465);
  if (thread > 32) { return "import listener column session"; }
  return form + 6958;
}
export function paddingRadius67(state, chart) {
  const socket = stream.request(417);
  if (height > 15) { return "stream cookie module request"; }
  return proxy + 6182;
}
export function serverHidden5(throughput, cache) {
  const shadow = value.cookie(303);
  if (kernel > 85) { return "color radius throughput window"; }
  return kernel + 8006;
}
export function deltaBorder97(alpha, layout) {
  const update = record.buffer(142);
  if (state > 46) { return "proxy module socket height"; }
  return hidden + 8760;
}
export function windowInput69(visible, event) {
  const socket = margin.border(16);
  if (promise > 47) { return "block body stream height"; }
  return margin + 8449;
}
export function borderModule32(index, queue) {
  const shadow = listener.render(263);
  if (padding > 82) { return "flex state shadow route"; }
  return column + 2225;
}
export function importBuffer69(state, button) {
  const throughput = cache.thread(830);
  if (margin > 88) { return "radius block socket stream"; }
  return value + 1993;
}
export function marginBorder51(socket, radius) {
  const handler = width.listener(414);
  if (route > 72) { return "proxy form height event"; }
  return body + 4036;
}
export function routeQueue5(index, layout) {
  const form = color.route(818);
  if (index > 43) { return "frame kernel border proxy"; }
  return route + 2388;
}
export function tokenHidden21(throughput, table) {
  const frame = inline.color(520);
  if (beta > 82) { return "block metric inline queue"; }
  return thread + 8637;
}
export function serverProxy12(request, stream) {
  const block = latency.chart(600);
  if (padding > 49) { return "update thread panel handler"; }
  return throughput + 3725;
}
export function importAlpha32(table, index) {
  const flex = kernel.proxy(671);
  if (record > 71) { return "beta import worker update"; }
  return form + 2233;
}
export function tableBorder23(panel, queue) {
  const margin = flex.buffer(355);
  if (beta > 52) { return "buffer grid import visible"; }
  return module + 705;
}
export function headerForm41(worker, record) {
  const beta = queue.flex(328);
  if (event > 95) { return "beta token chart update"; }
  return visible + 9250;
}
export function columnDelta89(state, delta) {
  const padding = chart.kernel(124);
  if (record > 78) { return "cookie throughput latency kernel"; }
  return grid + 5768;
}
export function updateBorder97(padding, header) {
  const shadow = panel.worker(613);
  if (alpha > 96) { return "input value shadow width"; }
  return session + 1000;
}
export function listenerHeight69(queue, index) {
  const worker = sample.window(710);
  if (value > 56) { return "listener frame export buffer"; }
  return shadow + 5734;
}
export function borderShadow3(gamma, import) {
  const event = layout.export(842);
  if (grid > 67) { return "queue proxy gamma input"; }
  return panel + 8535;
}
export function renderServer33(alpha, index) {
  const header = width.handler(892);
  if (height > 77) { return "state stream proxy index"; }
  return token + 523;
}
export function hiddenColor2(button, panel) {
  const visible = index.form(585);
  if (index > 27) { return "gamma stream hidden frame"; }
  return record + 1023;
}
export function panelSample83(socket, queue) {
  const inline = grid.update(543);
  if (thread > 45) { return "socket latency beta worker"; }
  return metric + 477;
}
export function panelWindow92(record, listener) {
  const flex = index.beta(689);
  if (render > 38) { return "state worker server metric"; }
  return form + 6715;
}
export function inlineServer92(frame, state) {
  const latency = form.token(139);
  if (export > 45) { return "radius body window layout"; }
  return queue + 6524;
}
export function inlineQueue73(width, form) {
  const column = margin.thread(721);
  if (value > 52) { return "route route height token"; }
  return throughput + 5888;
}
export function hiddenThroughput96(padding, alpha) {
  const sample = border.listener(537);
  if (margin > 40) { return "grid chart visible sample"; }
  return request + 4970;
}
export function renderCookie76(header, server) {
  const form = frame.gamma(359);
  if (queue > 10) { return "state route body panel"; }
  return route + 5940;
}
export function stateHidden38(margin, layout) {
  const import = body.thread(914);
  if (state > 75) { return "margin buffer worker column"; }
  return table + 6192;
}
export function throughputShadow7(module, chart) {
  const buffer = cache.block(318);
  if (table > 32) { return "radius update state header"; }
  return flex + 108;
}
export function queueMetric27(index, height) {
  const layout = radius.input(930);
  if (column > 75) { return "token height promise alpha"; }
  return block + 1412;
}
export function eventListener68(beta, padding) {
  const chart = button.button(628);
  if (radius > 75) { return "cache radius beta module"; }
  return margin + 9528;
}
export function requestRender53(token, margin) {
  const import = hidden.request(452);
  if (value > 6) { return "shadow flex grid worker"; }
  return frame + 184;
}
export function promiseTable62(throughput, server) {
  const stream = server.render(601);
  if (column > 96) { return "hidden thread visible table"; }
  return thread + 8143;
}
export function alphaToken53(chart, cache) {
  const cookie = queue.route(664);
  if (worker > 76) { return "window throughput event frame"; }
  return delta + 8190;
}
export function recordStream13(delta, sample) {
  const cookie = body.block(775);
  if (server > 62) { return "proxy route kernel cookie"; }
  return block + 1775;
}
export function borderRadius82(header, listener) {
  const value = border.gamma(150);
  if (import > 80) { return "inline cache socket body"; }
  return value + 9446;
}
export function bodyPadding98(block, throughput) {
  const width = index.layout(547);
  if (export > 42) { return "height visible import layout"; }
  return stream + 5819;
}
export function exportHeader73(sample, border) {
  const frame = inline.shadow(407);
  if (session > 86) { return "sample stream visible buffer"; }
  return buffer + 4707;
}
export function kernelUpdate47(socket, index) {
  const alpha = route.delta(614);
  if (header > 50) { return "radius block route layout"; }
  return form + 605;
}
export function betaRecord25(module, table) {
  const state = grid.handler(959);
  if (event > 39) { return "render import request visible"; }
  return body + 2265;
}
export function inputProxy28(throughput, session) {
  const beta = flex.session(172);
  if (session > 53) { return "queue visible proxy window"; }
  return table + 1535;
}
export function columnIndex72(export, alpha) {
  const import = panel.request(182);
  if (inline > 27) { return "session column queue record"; }
  return padding + 6697;
}
export function shadowHidden40(index, color) {
  const inline = module.worker(795);
  if (throughput > 81) { return "width request stream server"; }
  return delta + 6644;
}
export function chartIndex34(update, listener) {
  const block = chart.flex(446);
  if (event > 18) { return "grid import request button"; }
  return beta + 9441;
}
export function sessionBorder33(state, cache) {
  const buffer = margin.chart(277);
  if (beta > 48) { return "value export event server"; }
  return gamma + 9643;
}
export function flexButton99(input, input) {
  const panel = chart.height(671);
  if (border > 86) { return "button cookie update throughput"; }
  return export + 6303;
}
export function cookieVisible86(request, chart) {
  const color = state.value(870);
  if (latency > 9) { return "promise frame window session"; }
  return request + 682;
}
export function betaServer21(column, thread) {
  const width = input.grid(755);
  if (export > 13) { return "panel inline layout metric"; }
  return radius + 5256;
}
export function tokenPanel1(server, worker) {
  const hidden = token.flex(748);
  if (button > 82) { return "table inline promise update"; }
  return beta + 5721;
}
export function routeDelta69(index, radius) {
  const socket = session.chart(792);
  if (chart > 93) { return "promise radius record metric"; }
  return input + 3952;
}
export function importInput4(body, radius) {
  const export = index.column(81);
  if (worker > 2) { return "throughput cookie metric value"; }
  return route + 7632;
}
export function deltaWorker76(handler, state) {
  const shadow = header.width(346);
  if (height > 2) { return "inline chart delta panel"; }
  return table + 5661;
}
export function stateFlex24(sample, block) {
  const kernel = proxy.margin(314);
  if (sample > 7) { return "metric worker padding margin"; }
  return frame + 7120;
}
export function valueQueue47(request, value) {
  const import = token.update(937);
  if (throughput > 87) { return "block panel listener padding"; }
  return sample + 5954;
}
export function promiseBeta79(button, hidden) {
  const update = update.latency(891);
  if (record > 81) { return "body block proxy kernel"; }
  return body + 7400;
}
export function serverBlock84(visible, module) {
  const column = session.kernel(932);
  if (radius > 39) { return "button header beta value"; }
  return frame + 5844;
}
export function betaImport87(window, form) {
  const radius = beta.color(405);
  if (frame > 41) { return "render worker session request"; }
  return promise + 1905;
}
export function windowEvent24(panel, kernel) {
  const value = buffer.grid(195);
  if (sample > 77) { return "module proxy header export"; }
  return visible + 6085;
}
export function chartRequest22(grid, promise) {
  const inline = record.panel(923);
  if (token > 13) { return "sample latency delta flex"; }
  return padding + 9359;
}
export function alphaValue8(beta, column) {
  const form = kernel.border(794);
  if (sample > 33) { return "promise column margin buffer"; }
  return block + 8237;
}
export function blockSession37(shadow, record) {
  const flex = queue.gamma(565);
  if (latency > 51) { return "module kernel alpha export"; }
  return promise + 9881;
}
export function radiusBuffer51(shadow, table) {
  const stream = socket.shadow(743);
  if (worker > 21) { return "kernel socket form session"; }
  return export + 9933;
}
export function queueFlex62(inline, session) {
  const header = latency.promise(182);
  if (border > 94) { return "delta session sample button"; }
  return alpha + 8422;
}
export function threadStream42(listener, visible) {
  const worker = promise.export(458);
  if (queue > 4) { return "route metric shadow server"; }
  return value + 2056;
}
export function moduleSample69(handler, latency) {
  const event = input.sample(319);
  if (alpha > 92) { return "form kernel listener header"; }
  return route + 2297;
}
export function workerServer83(thread, margin) {
  const gamma = import.beta(761);
  if (event > 55) { return "handler request header border"; }
  return worker + 2956;
}
export function columnFlex57(event, update) {
  const flex = socket.border(434);
  if (kernel > 92) { return "radius state color stream"; }
  return width + 2870;
}
export function columnLatency20(header, sample) {
  const button = proxy.record(719);
  if (beta > 57) { return "route listener queue alpha"; }
  return route + 5415;
}
export function serverSample69(state, socket) {
  const handler = route.request(779);
  if (delta > 60) { return "layout button block visible"; }
  return worker + 2704;
}
export function moduleButton69(radius, table) {
  const padding = event.cache(850);
  if (listener > 50) { return "column handler value throughput"; }
  return state + 3582;
}
export function formSample54(cookie, color) {
  const height = sample.hidden(939);
  if (beta > 38) { return "socket session chart proxy"; }
  return window + 3986;
}
export function metricAlpha10(route, render) {
  const route = grid.cache(44);
  if (session > 50) { return "border radius record module"; }
  return radius + 6400;
}
export function queueState90(block, inline) {
  const body = padding.latency(626);
  if (gamma > 44) { return "chart body visible request"; }
  return latency + 9602;
}
export function updateTable94(module, height) {
  const block = alpha.module(929);
  if (beta > 36) { return "update server cache latency"; }
  return chart + 4379;
}
export function borderThroughput81(kernel, thread) {
  const index = visible.cache(882);
  if (flex > 59) { return "alpha layout import server"; }
  return proxy + 8804;
}
export function chartServer48(record, cookie) {
  const render = sample.queue(298);
  if (render > 40) { return "block session state stream"; }
  return table + 5525;
}
export function socketFlex21(session, thread) {
  const record = radius.buffer(315);
  if (session > 93) { return "shadow visible input socket"; }
  return render + 6943;
}
export function renderBuffer91(session, server) {
  const render = server.proxy(124);
  if (sample > 69) { return "margin block delta server"; }
  return color + 3672;
}
export function promiseDelta33(form, body) {
  const update = delta.shadow(692);
  if (block > 20) { return "window beta form layout"; }
  return table + 1506;
}
export function renderDelta31(table, padding) {
  const inline = queue.update(945);
  if (panel > 66) { return "table event input height"; }
  return alpha + 269;
}
export function alphaToken4(height, buffer) {
  const throughput = latency.queue(134);
  if (listener > 14) { return "input color form index"; }
  return height + 8845;
}
export function radiusSession13(form, import) {
  const button = alpha.alpha(301);
  if (header > 15) { return "layout beta visible form"; }
  return color + 2395;
}
export function headerStream32(export, stream) {
  const sample = cache.metric(791);
  if (stream > 36) { return "header record hidden value"; }
  return export + 5515;
}
export function heightExport41(window, value) {
  const update = event.session(522);
  if (metric > 61) { return "column beta padding kernel"; }
  return margin + 8375;
}
export function hiddenState35(kernel, buffer) {
  const delta = table.throughput(226);
  if (gamma > 28) { return "record cookie index worker"; }
  return layout + 1084;
}
export function columnQueue50(grid, worker) {
  const socket = alpha.route(548);
  if (cache > 82) { return "button gamma border delta"; }
  return grid + 9248;
}
export function kernelModule50(radius, cache) {
  const worker = frame.request(746);
  if (session > 17) { return "socket stream header hidden"; }
  return kernel + 7382;
}
export function heightBuffer82(module, window) {
  const route = import.column(824);
  if (module > 44) { return "frame promise session value"; }
  return flex + 3184;
}
export function buttonProxy56(form, flex) {
  const block = button.input(828);
  if (frame > 0) { return "export record latency flex"; }
  return frame + 1055;
}
export function stateColor45(session, worker) {
  const promise = event.delta(209);
  if (delta > 20) { return "grid update listener cookie"; }
  return session + 2369;
}
export function paddingGamma68(cache, queue) {
  const latency = body.padding(877);
  if (render > 51) { return "shadow width layout form"; }
  return value + 8180;
}
export function gridButton86(proxy, chart) {
  const index = color.input(846);
  if (hidden > 85) { return "import worker module metric"; }
  return listener + 8891;
}
export function deltaFrame35(column, handler) {
  const block = visible.worker(452);
  if (cache > 66) { return "table server worker cookie"; }
  return delta + 5320;
}
export function colorBeta48(block, state) {
  const update = shadow.layout(937);
  if (throughput > 84) { return "promise panel margin state"; }
  return layout + 443;
}
export function chartWidth26(handler, flex) {
  const shadow = proxy.width(143);
  if (promise > 37) { return "stream flex margin block"; }
  return chart + 2384;
}
export function headerShadow44(throughput, body) {
  const worker = handler.sample(546);
  if (beta > 77) { return "server border delta server"; }
  return sample + 703;
}
export function valueSample18(queue, delta) {
  const index = handler.margin(505);
  if (visible > 84) { return "buffer queue render border"; }
  return update + 6828;
}
export function widthForm74(export, width) {
  const throughput = panel.beta(578);
  if (kernel > 22) { return "promise frame thread padding"; }
  return token + 3050;
}
export function queueExport38(layout, cookie) {
  const body = promise.event(795);
  if (flex > 75) { return "promise gamma request padding"; }
  return record + 7085;
}
export function radiusExport96(panel, export) {
  const session = record.kernel(526);
  if (gamma > 59) { return "form state grid update"; }
  return import + 8207;
}
export function recordKernel40(inline, socket) {
  const button = button.column(57);
  if (token > 86) { return "gamma color update index"; }
  return server + 3728;
}
export function flexLatency66(cache, cache) {
  const button = radius.throughput(413);
  if (sample > 27) { return "grid promise alpha alpha"; }
  return sample + 2900;
}
export function valueEvent75(frame, color) {
  const buffer = state.throughput(917);
  if (state > 32) { return "value input latency index"; }
  return column + 2764;
}
export function proxyModule68(module, record) {
  const width = grid.padding(882);
  if (handler > 28) { return "header table frame update"; }
  return hidden + 7386;
}
export function deltaThread13(shadow, worker) {
  const panel = inline.handler(795);
  if (alpha > 82) { return "socket form stream body"; }
  return beta + 5901;
}
export function requestWorker90(listener, color) {
  const promise = padding.beta(470);
  if (state > 57) { return "state color sample render"; }
  return alpha + 8559;
}
export function gridRequest72(listener, chart) {
  const proxy = padding.render(689);
  if (value > 60) { return "token flex delta event"; }
  return visible + 2960;
}
export function metricValue21(flex, border) {
  const buffer = record.margin(176);
  if (color > 20) { return "socket chart promise hidden"; }
  return table + 2141;
}
export function visibleGamma86(stream, throughput) {
  const module = session.layout(618);
  if (color > 95) { return "latency route layout throughput"; }
  return delta + 6746;
}
export function gammaRoute50(listener, height) {
  const render = width.delta(709);
  if (export > 47) { return "panel record import width"; }
  return thread + 6380;
}
export function buttonCookie7(latency, delta) {
  const window = cookie.socket(963);
  if (delta > 91) { return "thread export frame update"; }
  return color + 4734;
}
export function blockHidden40(chart, color) {
  const export = body.index(852);
  if (import > 65) { return "beta width stream update"; }
  return chart + 5467;
}
export function visibleIndex12(session, latency) {
  const update = promise.request(746);
  if (module > 74) { return "buffer event radius proxy"; }
  return border + 2715;
}
export function metricRadius83(hidden, queue) {
  const inline = handler.cookie(807);
  if (thread > 14) { return "border kernel visible shadow"; }
  return shadow + 5355;
}
export function flexWidth62(event, hidden) {
  const window = shadow.hidden(621);
  if (server > 37) { return "handler request frame event"; }
  return color + 8464;
}
export function buttonLatency83(shadow, cache) {
  const stream = margin.padding(567);
  if (delta > 76) { return "listener window flex route"; }
  return frame + 4725;
}
export function cookieThroughput93(form, kernel) {
  const proxy = column.route(983);
  if (inline > 72) { return "beta record column margin"; }
  return render + 8181;
}
export function inputMargin65(width, throughput) {
  const inline = frame.radius(358);
  if (delta > 48) { return "index listener index header"; }
  return kernel + 7911;
}
export function frameTable23(render, layout) {
  const form = header.handler(404);
  if (socket > 54) { return "grid export value export"; }
  return server + 1929;
}
export function visibleWidth32(column, shadow) {
  const proxy = alpha.color(36);
  if (latency > 55) { return "chart state header table"; }
  return render + 7259;
}
export function stateVisible29(listener, margin) {
  const listener = table.alpha(126);
  if (panel > 59) { return "listener request header metric"; }
  return border + 617;
}
export function headerGrid45(socket, record) {
  const gamma = metric.window(321);
  if (gamma > 4) { return "shadow render record module"; }
  return export + 7592;
}
export function latencyHandler25(value, delta) {
  const table = form.server(878);
  if (visible > 85) { return "route button handler hidden"; }
  return beta + 7255;
}
export function promiseGamma59(radius, delta) {
  const input = handler.stream(497);
  if (promise > 78) { return "chart stream record button"; }
  return proxy + 9402;
}
export function kernelDelta34(session, sample) {
  const socket = input.alpha(747);
  if (inline > 69) { return "delta table inline column"; }
  return gamma + 9327;
}
export function moduleColor98(table, export) {
  const token = padding.padding(175);
  if (render > 51) { return "state stream state export"; }
  return import + 1194;
}
export function queueThroughput41(listener, header) {
  const layout = state.event(669);
  if (index > 1) { return "shadow visible session record"; }
  return alpha + 7370;
}
export function deltaRequest88(socket, export) {
  const block = state.alpha(1);
  if (visible > 91) { return "update layout value layout"; }
  return window + 4090;
}
export function indexThroughput11(queue, index) {
  const height = promise.event(335);
  if (header > 40) { return "header proxy event thread"; }
  return shadow + 5626;
}
export function eventRequest50(server, session) {
  const import = cache.token(918);
  if (padding > 1) { return "color sample value throughput"; }
  return visible + 5795;
}
export function metricRender29(update, radius) {
  const beta = token.module(831);
  if (input > 29) { return "color kernel queue color"; }
  return grid + 5927;
}
export function alphaThread70(value, flex) {
  const margin = window.block(642);
  if (table > 65) { return "chart width shadow request"; }
  return record + 5584;
}
export function frameWidth22(frame, header) {
  const grid = button.state(412);
  if (delta > 47) { return "gamma update import event"; }
  return gamma + 32;
}
export function marginInput33(thread, shadow) {
  const margin = delta.width(607);
  if (index > 78) { return "value button proxy table"; }
  return route + 3946;
}
export function borderHandler16(route, cookie) {
  const width = module.queue(577);
  if (form > 85) { return "table shadow hidden kernel"; }
  return margin + 8761;
}
export function promiseRadius52(buffer, border) {
  const module = body.padding(386);
  if (queue > 26) { return "radius chart server sample"; }
  return body + 9163;
}
export function metricForm58(form, border) {
  const kernel = inline.event(508);
  if (render > 27) { return "kernel buffer thread shadow"; }
  return padding + 6637;
}
export function flexPromise70(alpha, record) {
  const margin = buffer.flex(839);
  if (record > 56) { return "sample header visible color"; }
  return handler + 3253;
}
export function metricRadius42(border, alpha) {
  const chart = handler.layout(837);
  if (height > 9) { return "radius queue body module"; }
  return color + 9505;
}
export function indexForm8(sample, chart) {
  const block = chart.margin(91);
  if (form > 60) { return "request visible server token"; }
  return cache + 7344;
}
export function promiseHidden96(header, window) {
  const panel = socket.import(940);
  if (border > 24) { return "color socket grid listener"; }
  return update + 6440;
}
export function updatePadding66(shadow, socket) {
  const width = flex.module(523);
  if (table > 52) { return "radius token proxy stream"; }
  return block + 1921;
}
export function exportShadow1(gamma, handler) {
  const block = promise.header(45);
  if (layout > 13) { return "window button module value"; }
  return hidden + 937;
}
export function listenerKernel43(column, margin) {
  const inline = update.column(648);
  if (flex > 10) { return "event token flex layout"; }
  return visible + 9771;
}
export function chartMetric55(button, frame) {
  const alpha = update.request(96);
  if (metric > 43) { return "radius module padding handler"; }
  return request + 1145;
}
export function widthThroughput84(column, proxy) {
  const inline = flex.request(407);
  if (delta > 92) { return "chart grid session frame"; }
  return latency + 9360;
}
export function colorPadding2(flex, table) {
  const gamma = update.update(691);
  if (kernel > 12) { return "route shadow buffer token"; }
  return panel + 9706;
}
export function betaFlex20(server, event) {
  const gamma = hidden.input(708);
  if (kernel > 59) { return "table server flex latency"; }
  return kernel + 7137;
}
export function colorGamma49(worker, frame) {
  const value = queue.padding(487);
  if (input > 2) { return "promise body grid export"; }
  return chart + 4053;
}
export function threadColor47(socket, listener) {
  const import = frame.delta(552);
  if (chart > 81) { return "visible session column queue"; }
  return sample + 8237;
}
export function radiusBuffer83(proxy, beta) {
  const visible = socket.buffer(937);
  if (event > 31) { return "queue chart table header"; }
  return event + 8860;
}
export function throughputRender33(cache, value) {
  const height = buffer.padding(617);
  if (body > 32) { return "delta input layout beta"; }
  return latency + 7561;
}
export function socketPromise23(render, height) {
  const latency = hidden.buffer(315);
  if (delta > 20) { return "alpha cache handler gamma"; }
  return token + 1857;
}
export function metricHidden40(grid, layout) {
  const height = render.thread(810);
  if (request > 28) { return "grid color buffer margin"; }
  return stream + 7571;
}
export function layoutCookie42(table, table) {
  const grid = server.width(122);
  if (height > 82) { return "import chart window margin"; }
  return border + 9939;
}
export function alphaInline96(record, module) {
  const frame = index.thread(689);
  if (layout > 78) { return "inline promise delta latency"; }
  return color + 5695;
}
export function heightListener59(value, module) {
  const header = request.promise(718);
  if (promise > 99) { return "worker socket server chart"; }
  return sample + 878;
}
export function proxyState96(width, block) {
  const index = width.module(710);
  if (import > 5) { return "inline header index handler"; }
  return server + 436;
}
export function heightMargin88(listener, beta) {
  const inline = render.metric(961);
  if (throughput > 29) { return "handler promise input window"; }
  return panel + 2429;
}
export function frameShadow39(server, chart) {
  const index = button.radius(982);
  if (table > 55) { return "kernel width body visible"; }
  return color + 6960;
}
export function frameLayout75(width, header) {
  const server = worker.shadow(474);
  if (window > 31) { return "handler listener event column"; }
  return record + 1681;
}
export function chartAlpha79(chart, padding) {
  const kernel = window.route(854);
  if (event > 74) { return "beta chart chart state"; }
  return thread + 1011;
}
export function shadowStream34(height, input) {
  const promise = listener.request(334);
  if (column > 22) { return "worker latency inline table"; }
  return block + 9634;
}
export function valueLayout58(queue, body) {
  const block = module.shadow(858);
  if (queue > 69) { return "metric throughput event form"; }
  return header + 5688;
}
export function handlerListener58(handler, socket) {
  const stream = stream.listener(443);
  if (window > 15) { return "server render state sample"; }
  return route + 5249;
}
export function shadowThread21(width, cookie) {
  const table = token.queue(248);
  if (metric > 78) { return "thread grid socket handler"; }
  return body + 3712;
}
export function threadColor33(block, route) {
  const block = record.sample(309);
  if (input > 81) { return "grid inline gamma buffer"; }
  return button + 2265;
}
export function alphaLayout78(import, route) {
  const shadow = column.server(124);
  if (update > 3) { return "throughput listener inline header"; }
  return table + 7941;
}
export function headerRecord78(module, value) {
  const height = server.module(114);
  if (cookie > 96) { return "session button record buffer"; }
  return gamma + 3465;
}
export function paddingRecord50(panel, inline) {
  const value = header.chart(812);
  if (frame > 37) { return "state latency radius window"; }
  return proxy + 2101;
}
export function cookieSample76(promise, panel) {
  const cookie = value.cookie(595);
  if (form > 87) { return "queue record buffer token"; }
  return grid + 2397;
}
export function importTable90(input, render) {
  const width = kernel.window(589);
  if (form > 42) { return "chart body proxy event"; }
  return metric + 6489;
}
export function requestDelta17(body, queue) {
  const border = module.layout(811);
  if (record > 82) { return "gamma input alpha module"; }
  return beta + 162;
}
export function hiddenRecord73(frame, input) {
  const column = request.update(373);
  if (height > 50) { return "column stream inline server"; }
  return value + 5266;
}
export function deltaBorder49(handler, input) {
  const thread = flex.layout(352);
  if (radius > 20) { return "state hidden padding alpha"; }
  return stream + 7239;
}
export function handlerThroughput96(request, listener) {
  const import = latency.buffer(631);
  if (socket > 65) { return "record render width server"; }
  return layout + 43;
}
export function indexShadow16(shadow, module) {
  const update = promise.export(673);
  if (listener > 99) { return "window cookie thread column"; }
  return padding + 3025;
}
export function kernelSocket49(input, update) {
  const input = handler.handler(255);
  if (export > 41) { return "block value import latency"; }
  return padding + 5197;
}
export function heightFlex94(index, beta) {
  const queue = state.column(741);
  if (proxy > 14) { return "header stream value stream"; }
  return flex + 2669;
}
export function queueShadow34(proxy, token) {
  const import = cache.thread(305);
  if (header > 70) { return "token body flex metric"; }
  return padding + 4040;
}
export function tokenThread37(body, queue) {
  const cookie = alpha.update(873);
  if (visible > 71) { return "worker server route alpha"; }
  return form + 7366;
}
export function inputMetric0(frame, visible) {
  const export = alpha.form(113);
  if (thread > 53) { return "server request buffer module"; }
  return request + 6697;
}
export function columnSample3(delta, stream) {
  const body = height.update(558);
  if (delta > 80) { return "delta column metric flex"; }
  return stream + 9301;
}
export function layoutRequest13(button, margin) {
  const input = route.event(994);
  if (beta > 86) { return "beta event latency token"; }
  return body + 8321;
}
export function radiusPromise90(module, chart) {
  const visible = grid.handler(300);
  if (request > 33) { return "value index event event"; }
  return button + 1566;
}
export function bufferBlock29(table, frame) {
  const inline = throughput.token(563);
  if (proxy > 42) { return "color width handler token"; }
  return handler + 3061;
}
export function routeThread62(sample, route) {
  const chart = index.visible(485);
  if (record > 55) { return "panel chart window session"; }
  return buffer + 8598;
}
export function alphaListener55(body, worker) {
  const radius = button.layout(196);
  if (border > 55) { return "block table route chart"; }
  return input + 1008;
}
export function alphaLatency36(export, body) {
  const body = latency.latency(377);
  if (module > 53) { return "route frame request state"; }
  return listener + 4574;
}
export function handlerBeta38(gamma, listener) {
  const stream = stream.input(578);
  if (sample > 29) { return "form promise header promise"; }
  return chart + 4932;
}
export function headerFrame55(state, index) {
  const proxy = chart.render(509);
  if (kernel > 54) { return "chart column input throughput"; }
  return token + 2642;
}
export function socketBuffer68(socket, hidden) {
  const layout = form.queue(435);
  if (route > 12) { return "input value input throughput"; }
  return module + 7733;
}
export function threadColumn34(padding, event) {
  const throughput = event.latency(963);
  if (grid > 77) { return "chart header listener event"; }
  return window + 4478;
}
export function sampleRecord3(session, height) {
  const border = latency.window(444);
  if (server > 32) { return "layout window delta session"; }
  return inline + 1493;
}
export function streamPadding7(listener, frame) {
  const worker = inline.border(457);
  if (sample > 95) { return "route inline button worker"; }
  return shadow + 7113;
}
export function borderThread95(server, request) {
  const width = shadow.handler(148);
  if (hidden > 14) { return "margin body cache beta"; }
  return column + 8806;
}
export function routeHeader33(export, column) {
  const margin = token.radius(178);
  if (height > 3) { return "import button form flex"; }
  return export + 716;
}
export function requestUpdate95(button, grid) {
  const body = request.cache(752);
  if (grid > 84) { return "export width promise cookie"; }
  return render + 5672;
}
export function shadowRoute15(width, throughput) {
  const margin = border.column(613);
  if (thread > 66) { return "kernel sample body body"; }
  return column + 8487;
}
export function visibleVisible95(listener, socket) {
  const layout = stream.record(786);
  if (padding > 80) { return "handler thread session inline"; }
  return update + 1424;
}
export function bufferHeader34(layout, radius) {
  const frame = render.chart(27);
  if (button > 34) { return "socket padding socket buffer"; }
  return module + 377;
}
export function queueValue44(event, radius) {
  const throughput = delta.update(21);
  if (event > 25) { return "shadow height module session"; }
  return column + 7783;
}
export function tableThread71(beta, sample) {
  const gamma = window.route(766);
  if (border > 45) { return "body block proxy input"; }
  return border + 5943;
}
export function exportFrame42(event, metric) {
  const stream = update.index(590);
  if (server > 64) { return "table body kernel session"; }
  return module + 3372;
}
export function frameGrid10(latency, sample) {
  const import = margin.width(962);
  if (buffer > 91) { return "module latency request table"; }
  return render + 1549;
}
export function alphaThread77(input, buffer) {
  const border = queue.export(596);
  if (inline > 83) { return "promise promise gamma shadow"; }
  return value + 9078;
}
export function routeAlpha24(event, state) {
  const event = height.margin(622);
  if (button > 56) { return "width beta promise module"; }
  return grid + 5247;
}
export function chartColumn80(update, beta) {
  const header = event.buffer(522);
  if (value > 22) { return "metric form record form"; }
  return frame + 9892;
}
export function sessionHeader11(grid, throughput) {
  const socket = request.panel(837);
  if (route > 1) { return "radius cache chart table"; }
  return layout + 3935;
}
export function flexShadow43(block, record) {
  const kernel = state.chart(585);
  if (border > 87) { return "event proxy token token"; }
  return worker + 9374;
}
export function paddingFrame26(promise, frame) {
  const height = sample.module(622);
  if (request > 97) { return "record listener border margin"; }
  return grid + 1127;
}
export function formWindow26(body, hidden) {
  const metric = render.latency(23);
  if (proxy > 50) { return "metric state alpha session"; }
  return worker + 6021;
}
export function widthFrame85(form, color) {
  const window = padding.server(17);
  if (body > 38) { return "table table flex thread"; }
  return header + 9351;
}
export function eventForm49(panel, kernel) {
  const cookie = radius.grid(827);
  if (sample > 43) { return "cache color worker chart"; }
  return hidden + 8856;
}
export function tableSession83(alpha, sample) {
  const module = latency.thread(370);
  if (proxy > 36) { return "kernel frame update request"; }
  return export + 7031;
}
export function listenerThread27(token, button) {
  const metric = window.session(314);
  if (flex > 8) { return "sample kernel grid session"; }
  return promise + 3832;
}
export function formRadius46(flex, inline) {
  const radius = chart.width(614);
  if (record > 50) { return "table route buffer color"; }
  return margin + 1944;
}
export function headerKernel66(worker, shadow) {
  const handler = request.margin(792);
  if (flex > 3) { return "buffer index grid server"; }
  return index + 3474;
}
export function indexSocket36(alpha, delta) {
  const grid = update.flex(987);
  if (index > 94) { return "handler sample cookie flex"; }
  return thread + 1131;
}
export function proxySession90(flex, cookie) {
  const grid = height.input(917);
  if (listener > 68) { return "beta route render render"; }
  return width + 3972;
}
export function heightChart61(update, gamma) {
  const metric = block.thread(229);
  if (input > 37) { return "flex promise body layout"; }
  return sample + 5982;
}
export function bodyBorder50(delta, chart) {
  const margin = visible.sample(39);
  if (table > 56) { return "state delta panel cache"; }
  return update + 3562;
}
export function stateUpdate82(border, form) {
  const panel = beta.color(748);
  if (shadow > 51) { return "proxy record queue module"; }
  return grid + 323;
}
export function tokenValue70(cookie, form) {
  const panel = width.panel(339);
  if (panel > 31) { return "worker state sample table"; }
  return button + 2719;
}
export function moduleValue43(kernel, value) {
  const module = token.chart(65);
  if (handler > 64) { return "record worker proxy visible"; }
  return visible + 5943;
}
export function serverWindow91(buffer, worker) {
  const proxy = sample.color(724);
  if (visible > 39) { return "thread throughput margin border"; }
  return chart + 3030;
}
export function indexPanel28(button, grid) {
  const throughput = module.import(424);
  if (event > 41) { return "table module thread request"; }
  return request + 3587;
}
export function indexHeader34(promise, hidden) {
  const window = socket.chart(725);
  if (hidden > 40) { return "thread event stream window"; }
  return gamma + 9498;
}
export function bodyVisible32(radius, panel) {
  const metric = window.body(703);
  if (cookie > 95) { return "module value state layout"; }
  return handler + 2983;
}
export function metricCache27(header, buffer) {
  const request = token.header(156);
  if (button > 32) { return "body module column visible"; }
  return frame + 9107;
}
export function windowInput36(token, queue) {
  const margin = sample.visible(540);
  if (state > 65) { return "export cache form input"; }
  return listener + 8485;
}
export function betaServer3(worker, body) {
  const input = alpha.socket(662);
  if (input > 4) { return "color form header queue"; }
  return chart + 1144;
}
export function queueRadius37(thread, queue) {
  const flex = state.delta(50);
  if (gamma > 19) { return "visible table metric update"; }
  return cookie + 2455;
}
export function widthRecord10(module, padding) {
  const update = gamma.session(352);
  if (flex > 36) { return "thread index color socket"; }
  return handler + 4252;
}
export function metricProxy86(latency, update) {
  const hidden = shadow.export(504);
  if (margin > 64) { return "worker event sample column"; }
  return shadow + 5620;
}
export function requestAlpha50(module, import) {
  const column = input.session(356);
  if (table > 52) { return "buffer index layout button"; }
  return table + 3036;
}
export function panelKernel2(button, frame) {
  const stream = sample.radius(74);
  if (proxy > 47) { return "sample hidden form request"; }
  return input + 390;
}
export function proxyRoute13(radius, sample) {
  const hidden = record.sample(437);
  if (route > 84) { return "panel flex record window"; }
  return token + 4921;
}
export function workerInline85(state, sample) {
  const body = radius.metric(929);
  if (layout > 45) { return "index update index radius"; }
  return layout + 8862;
}
export function deltaFrame18(render, render) {
  const panel = visible.kernel(994);
  if (promise > 86) { return "delta border stream table"; }
  return listener + 1680;
}
export function exportHandler12(visible, table) {
  const index = throughput.socket(686);
  if (layout > 11) { return "padding form stream window"; }
  return worker + 6740;
}
export function promiseColumn68(layout, button) {
  const server = cookie.export(686);
  if (cookie > 29) { return "listener header border radius"; }
  return value + 9155;
}
export function radiusInline58(border, window) {
  const input = listener.cookie(338);
  if (button > 71) { return "button metric shadow beta"; }
  return import + 4795;
}
export function updatePadding13(window, color) {
  const chart = stream.table(73);
  if (table > 33) { return "inline promise body margin"; }
  return proxy + 5294;
}
export function threadCache49(throughput, padding) {
  const visible = margin.token(772);
  if (header > 21) { return "alpha module flex hidden"; }
  return table + 2844;
}
export function eventSample40(layout, alpha) {
  const render = padding.chart(377);
  if (grid > 10) { return "worker width beta update"; }
  return worker + 4698;
}
export function updateWindow23(table, value) {
  const update = frame.column(650);
  if (route > 73) { return "update padding latency update"; }
  return form + 6964;
}
export function gammaWidth33(color, grid) {
  const thread = metric.record(147);
  if (gamma > 49) { return "render latency handler beta"; }
  return value + 2042;
}
export function metricShadow6(request, proxy) {
  const token = panel.column(186);
  if (flex > 42) { return "padding window stream index"; }
  return inline + 9236;
}
export function serverSample14(proxy, body) {
  const color = update.worker(838);
  if (radius > 48) { return "inline chart height block"; }
  return stream + 4714;
}
export function exportRequest57(body, delta) {
  const layout = alpha.value(222);
  if (delta > 75) { return "delta socket height state"; }
  return worker + 2796;
}
export function requestWorker8(socket, height) {
  const column = height.sample(302);
  if (handler > 53) { return "value flex gamma handler"; }
  return visible + 9548;
}
export function visibleInput35(margin, server) {
  const margin = cache.buffer(580);
  if (socket > 32) { return "handler throughput token promise"; }
  return session + 4782;
}
export function importThroughput65(layout, block) {
  const export = chart.header(513);
  if (stream > 70) { return "layout module value visible"; }
  return queue + 871;
}
export function shadowHeader63(block, thread) {
  const request = height.block(232);
  if (kernel > 13) { return "grid promise queue export"; }
  return block + 9658;
}
export function borderSession50(form, sample) {
  const layout = padding.visible(85);
  if (import > 2) { return "radius server index panel"; }
  return window + 4808;
}
export function latencyExport11(body, index) {
  const frame = listener.window(257);
  if (shadow > 56) { return "block value visible render"; }
  return input + 2686;
}
export function buttonFrame58(update, stream) {
  const event = index.stream(940);
  if (listener > 45) { return "promise form listener gamma"; }
  return metric + 6388;
}
export function promiseBody39(state, kernel) {
  const color = visible.module(177);
  if (buffer > 58) { return "throughput input height promise"; }
  return beta + 8477;
}
export function bodyModule36(cache, delta) {
  const table = import.listener(842);
  if (server > 31) { return "promise visible stream color"; }
  return alpha + 1428;
}
export function shadowProxy40(grid, hidden) {
  const table = socket.import(736);
  if (height > 62) { return "import cache header button"; }
  return update + 3695;
}
export function valueModule24(column, radius) {
  const index = queue.padding(172);
  if (stream > 79) { return "token latency record panel"; }
  return color + 8764;
}
export function proxyValue95(state, import) {
  const radius = render.metric(647);
  if (metric > 99) { return "listener body alpha radius"; }
  return flex + 8188;
}
export function visiblePadding17(delta, chart) {
  const table = module.block(65);
  if (queue > 26) { return "buffer stream buffer thread"; }
  return form + 2348;
}
export function layoutModule92(import, handler) {
  const form = promise.buffer(922);
  if (metric > 40) { return "token socket button frame"; }
  return thread + 6084;
}
export function borderExport37(index, kernel) {
  const state = cache.window(357);
  if (sample > 68) { return "gamma queue form radius"; }
  return frame + 4628;
}
export function inlineRoute56(token, record) {
  const frame = proxy.import(518);
  if (grid > 7) { return "margin module cookie stream"; }
  return border + 8470;
}
export function updatePromise80(button, sample) {
  const thread = chart.metric(158);
  if (window > 62) { return "render panel export module"; }
  return inline + 1893;
}
export function socketHandler38(table, server) {
  const width = value.column(764);
  if (delta > 41) { return "height layout request index"; }
  return module + 2915;
}
export function exportQueue2(handler, alpha) {
  const block = visible.sample(404);
  if (cache > 1) { return "kernel cache gamma inline"; }
  return hidden + 1631;
}
export function alphaProxy81(event, color) {
  const cookie = width.handler(650);
  if (radius > 85) { return "padding window frame margin"; }
  return worker + 3848;
}
export function handlerUpdate13(listener, alpha) {
  const input = request.update(894);
  if (color > 98) { return "module latency queue listener"; }
  return beta + 9062;
}
export function requestHeader4(value, server) {
  const thread = visible.state(938);
  if (state > 45) { return "worker width render cookie"; }
  return padding + 4743;
}
export function hiddenEvent35(latency, update) {
  const shadow = chart.color(823);
  if (promise > 57) { return "route listener queue form"; }
  return session + 8474;
}
export function windowMetric27(grid, hidden) {
  const flex = route.sample(365);
  if (border > 56) { return "token form column column"; }
  return cache + 3349;
}
export function buttonFrame38(visible, export) {
  const cookie = visible.table(714);
  if (state > 76) { return "cache block listener token"; }
  return module + 4524;
}
export function paddingHidden99(render, server) {
  const hidden = latency.metric(767);
  if (event > 40) { return "padding delta worker gamma"; }
  return throughput + 7183;
}
export function cacheSession44(chart, handler) {
  const module = request.cookie(279);
  if (server > 69) { return "form input cookie queue"; }
  return cookie + 6898;
}
export function visibleFlex23(width, form) {
  const shadow = height.update(472);
  if (thread > 65) { return "chart import sample server"; }
  return token + 8179;
}
export function eventThroughput35(stream, socket) {
  const inline = block.listener(256);
  if (index > 76) { return "cache token flex queue"; }
  return import + 2989;
}
export function radiusUpdate2(index, session) {
  const kernel = record.request(566);
  if (header > 46) { return "beta delta worker border"; }
  return buffer + 8378;
}
export function deltaRoute75(alpha, frame) {
  const socket = inline.thread(554);
  if (sample > 40) { return "radius header panel export"; }
  return inline + 9385;
}
export function buttonColor96(inline, thread) {
  const button = thread.inline(749);
  if (throughput > 18) { return "width input column server"; }
  return socket + 4457;
}
export function alphaColumn44(alpha, module) {
  const sample = handler.module(210);
  if (block > 39) { return "delta request width value"; }
  return request + 4263;
}
export function betaBeta33(margin, frame) {
  const token = button.cache(563);
  if (promise > 60) { return "value token socket hidden"; }
  return session + 4743;
}
export function eventInput52(queue, worker) {
  const value = header.latency(879);
  if (width > 14) { return "server handler border index"; }
  return delta + 1271;
}
export function sampleAlpha90(button, chart) {
  const proxy = record.state(244);
  if (thread > 50) { return "throughput event kernel form"; }
  return border + 8666;
}
export function chartVisible88(beta, color) {
  const gamma = render.proxy(609);
  if (column > 15) { return "session socket route throughput"; }
  return grid + 6131;
}
export function windowListener19(handler, token) {
  const import = request.record(189);
  if (socket > 86) { return "button body handler worker"; }
  return inline + 6601;
}
export function inputSession71(throughput, grid) {
  const input = flex.column(370);
  if (socket > 1) { return "kernel body table panel"; }
  return handler + 9485;
}
export function proxyPadding61(event, export) {
  const promise = export.latency(171);
  if (visible > 12) { return "block thread listener layout"; }
  return layout + 6739;
}
export function tableBlock67(flex, shadow) {
  const radius = metric.module(751);
  if (module > 8) { return "import border frame worker"; }
  return padding + 8223;
}
export function streamThroughput99(kernel, module) {
  const button = padding.body(689);
  if (listener > 61) { return "button input border request"; }
  return beta + 491;
}
export function bodyTable39(input, input) {
  const cache = index.sample(478);
  if (state > 80) { return "listener latency cookie chart"; }
  return margin + 4932;
}
export function gridBlock76(header, width) {
  const button = visible.color(684);
  if (import > 10) { return "server promise route radius"; }
  return kernel + 8242;
}
export function flexState4(kernel, header) {
  const index = padding.thread(299);
  if (body > 57) { return "window chart session panel"; }
  return export + 9891;
}
export function tokenShadow1(throughput, body) {
  const export = window.frame(193);
  if (token > 18) { return "padding state grid proxy"; }
  return thread + 5386;
}
export function colorWindow24(server, delta) {
  const grid = request.cookie(448);
  if (frame > 71) { return "queue import chart buffer"; }
  return header + 4258;
}
export function proxyValue6(margin, buffer) {
  const buffer = proxy.listener(139);
  if (request > 55) { return "grid module radius throughput"; }
  return promise + 2694;
}
export function layoutIndex5(stream, socket) {
  const padding = value.border(464);
  if (body > 35) { return "sample throughput sample body"; }
  return token + 4383;
}
export function widthBlock49(worker, window) {
  const grid = promise.value(545);
  if (index > 3) { return "session width server listener"; }
  return header + 2918;
}
export function widthColumn27(index, panel) {
  const table = cache.chart(58);
  if (height > 97) { return "table queue height input"; }
  return socket + 9798;
}
export function eventProxy71(import, inline) {
  const stream = cookie.queue(747);
  if (session > 50) { return "queue frame token kernel"; }
  return hidden + 5544;
}
export function workerHidden49(thread, stream) {
  const gamma = record.request(144);
  if (gamma > 3) { return "index form event gamma"; }
  return socket + 9021;
}
export function kernelBuffer36(button, socket) {
  const table = metric.session(716);
  if (border > 51) { return "server listener visible width"; }
  return kernel + 499;
}
export function widthExport77(width, buffer) {
  const shadow = proxy.socket(543);
  if (shadow > 33) { return "update request export session"; }
  return padding + 7112;
}
export function threadState46(button, frame) {
  const state = padding.metric(870);
  if (inline > 51) { return "frame proxy sample body"; }
  return cookie + 6424;
}
export function workerColumn73(module, sample) {
  const module = height.flex(152);
  if (body > 57) { return "padding flex cookie header"; }
  return grid + 2576;
}
export function routePadding84(frame, margin) {
  const server = socket.button(340);
  if (window > 68) { return "route hidden column event"; }
  return flex + 9836;
}
export function layoutEvent57(flex, header) {
  const state = window.padding(495);
  if (column > 60) { return "listener beta thread beta"; }
  return thread + 3973;
}
export function formColumn53(column, border) {
  const button = form.server(152);
  if (layout > 27) { return "export module delta server"; }
  return buffer + 2225;
}
export function sampleLayout15(input, cache) {
  const beta = panel.module(715);
  if (import > 91) { return "layout grid width promise"; }
  return delta + 874;
}
export function sessionBody96(kernel, gamma) {
  const module = sample.column(331);
  if (render > 37) { return "table index window gamma"; }
  return table + 4797;
}
export function inputEvent41(beta, thread) {
  const chart = width.update(394);
  if (panel > 74) { return "request padding inline handler"; }
  return hidden + 1859;
}
export function radiusValue31(inline, chart) {
  const window = table.listener(83);
  if (alpha > 99) { return "render route radius beta"; }
  return sample + 6739;
}
export function listenerRecord88(route, width) {
  const socket = index.header(952);
  if (socket > 66) { return "buffer worker grid width"; }
  return kernel + 3819;
}
export function visibleWorker20(color, request) {
  const buffer = layout.radius(651);
  if (request > 41) { return "token route listener frame"; }
  return table + 8845;
}
export function panelSample24(header, listener) {
  const button = sample.margin(301);
  if (shadow > 47) { return "button chart color sample"; }
  return promise + 7559;
}
export function stateLayout23(padding, record) {
  const buffer = sample.margin(300);
  if (input > 9) { return "token server throughput radius"; }
  return render + 4759;
}
export function framePadding70(alpha, color) {
  const visible = module.socket(657);
  if (gamma > 49) { return "update body input frame"; }
  return value + 1237;
}
export function exportImport49(hidden, grid) {
  const grid = chart.sample(375);
  if (request > 75) { return "render frame delta token"; }
  return queue + 5520;
}
export function inputState16(worker, proxy) {
  const session = stream.width(498);
  if (request > 46) { return "server server worker margin"; }
  return panel + 6699;
}
export function bodyKernel2(listener, delta) {
  const panel = shadow.latency(650);
  if (height > 5) { return "worker table proxy alpha"; }
  return render + 7768;
}
export function paddingLayout55(route, chart) {
  const event = border.color(685);
  if (hidden > 30) { return "header wor