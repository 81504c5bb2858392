/**
 * A test's reader of GET /api/events over real HTTP, as a browser's EventSource reads it: the status, the headers,
 * the events received so far by name, the retry field, and whether the server ended the stream.
 */
export type SseStream = {
  status: number;
  headers: Headers;
  /** The names of the events received, in order ('messages', 'coupons', 'end'). */
  events: string[];
  retry: number | undefined;
  /** Heartbeat comments received. */
  comments: number;
  /** The server ended the stream. */
  ended: boolean;
  /** The body of a refusal (401, 429). */
  body: string;
  close(): void;
};

export async function openEvents(baseUrl: string, cookie: string): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(`${baseUrl}/api/events`, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    events: [],
    retry: undefined,
    comments: 0,
    ended: false,
    body: '',
    close: () => abort.abort(),
  };
  if (res.status !== 200) {
    stream.body = await res.text();
    stream.ended = true;
    return stream;
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) stream.events.push(line.slice('event: '.length));
            else if (line.startsWith('retry: ')) stream.retry = Number(line.slice('retry: '.length));
            else if (line.startsWith(':')) stream.comments++;
          }
        }
      }
      stream.ended = true;
    } catch {
      // Aborted by the test.
    }
  })();
  return stream;
}
