/** A 40×20 SVG of one colour: an image whose every pixel tells whether it loaded. */
export const swatch = (fill: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="${fill}"/></svg>`;
