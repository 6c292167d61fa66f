// Images whose pixels a live copy's scripts read (a three.js texture, a photo a page filters in a
// canvas): from the copy's folder a file is of another origin than the page, so WebGL refuses it
// as a texture (the model drawn black) and a canvas it is drawn into can no longer be read. The
// render noted which images its scripts read (RECORD_READ_BACK in render/in-page.ts), and their
// recorded bodies are in the replay data: such an image is given a blob: URL the page made itself,
// of its own origin. Source text inside the layer's replayDom(): it uses data, original() and blobUrl().

/** Part of REPLAY_LAYER (replay-shim.ts). */
export const READ_BACK_SOURCE = `var readBack = {}, readBackBlobs = {};
  (data.readBack || []).forEach(function (url) { readBack[url] = true; });
  function readBackUrl(value, element) {
    var image = element instanceof HTMLImageElement || (window.SVGImageElement && element instanceof SVGImageElement);
    var online = image && original(value).split('#')[0];
    var hit = online && readBack[online] === true && data.responses['GET ' + online];
    if (!hit) return undefined;
    return readBackBlobs[online] || (readBackBlobs[online] = blobUrl(hit));
  }`;
