// The boot bar's count of a first visit's bytes: a fetch() whose responses tell their bodies' bytes
// as they stream by (a compressed response counts decoded). The page's fetch counts where Python runs
// on the page (?main); Python's worker counts its own and tells the page.
export function countedFetch(fetchHere, counts, told) {
  return async (input, init) => {
    const response = await fetchHere(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    if (!response.body || (init?.method && init.method !== "GET") || !counts(url)) return response;
    const reader = response.body.getReader();
    let seen = 0;
    const counted = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          told(url, seen, true);
          controller.close();
          return;
        }
        seen += value.byteLength;
        told(url, seen, false);
        controller.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
