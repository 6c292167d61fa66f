/** A small spinning ring in the current text colour; the surrounding text says what is happening. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
