export interface SseEvent {
  event: string;
  data: unknown;
}

/** Reads a Server-Sent Events response to its end (the server closes it after the last event). */
export async function readSse(url: string, signal?: AbortSignal): Promise<SseEvent[]> {
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`SSE ${url}: HTTP ${response.status}`);
  const events: SseEvent[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  return events;
}
