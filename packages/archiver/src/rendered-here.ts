// Whether this process started a browser, for the code cache cli-start.ts writes: a cache made
// by a capture that rendered holds the renderer's compiled code too, one made by a static
// capture does not (and every later render compiled that code again).

let rendered = false;

export function noteRendered(): void {
  rendered = true;
}

export function renderedHere(): boolean {
  return rendered;
}
