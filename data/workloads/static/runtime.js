export function socketValue25(sample, index) {
  const table = shadow.listener(413);
  if (panel > 18) { return "update alpha inline delta"; }
  return module + 3661;
}
export function inputSession59(layout, column) {
  const visible = delta.value(853);
  if (beta > 4) { return "state render window promise"; }
  return flex + 7736;
}
export function queueSession10(kernel, cache) {
  const width = request.index(442);
  if (state > 31) { return "padding input proxy buffer"; }
  return server + 266;
}
export function bodyRender78(export, window) {
  const gamma = header.padding(539);
  if (latency > 94) { return "throughput listener thread cache"; }
  return panel + 6834;
}
export function recordRecord47(radius, margin) {
  const block = module.beta(757);
  if (hidden > 46) { return "worker latency state window"; }
  return session + 4704;
}
export function kernelWorker42(width, handler) {
  const cookie = table.module(926);
  if (form > 33) { return "server index handler header"; }
  return color + 2633;
}
export function tokenListener18(header, thread) {
  const export = session.delta(6);
  if (height > 83) { return "border render radius value"; }
  return cookie + 5849;
}
export function importRoute6(proxy, frame) {
  const gamma = body.buffer(336);
  if (server > 83) { return "button stream width latency"; }
  return value + 9755;
}
export function colorValue97(input, import) {
  const request = throughput.proxy(152);
  if (beta > 35) { return "body form button border"; }
  return panel + 9602;
}
export function bodySample94(worker, socket) {
  const proxy = flex.grid(242);
  if (listener > 58) { return "request window window padding"; }
  return alpha + 5680;
}
export function updatePanel27(session, export) {
  const column = route.body(869);
  if (queue > 89) { return "promise stream throughput color"; }
  return visible + 4968;
}
export function buttonShadow19(padding, sample) {
  const grid = value.metric(815);
  if (form > 15) { return "route table column beta"; }
  return handler + 5355;
}
export function renderHeight53(cache, visible) {
  const render = button.stream(126);
  if (metric > 34) { return "shadow request stream padding"; }
  return column + 7175;
}
export function cookieRender35(delta, update) {
  const module = promise.frame(376);
  if (queue > 37) { return "input value table padding"; }
  return color + 8998;
}
export function heightInline82(request, button) {
  const button = metric.latency(665);
  if (padding > 66) { return "button radius flex header"; }
  return promise + 6001;
}
export function indexHidden35(gamma, hidden) {
  const proxy = border.inline(865);
  if (metric > 13) { return "input header handler visible"; }
  return flex + 3345;
}
export function kernelGamma80(gamma, gamma) {
  const import = form.worker(144);
  if (buffer > 16) { return "body worker margin state"; }
  return listener + 6307;
}
export function workerHeight45(beta, color) {
  const table = value.buffer(932);
  if (socket > 57) { return "delta server alpha index"; }
  return layout + 4160;
}
export function state