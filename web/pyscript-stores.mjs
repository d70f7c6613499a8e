// Only where Python runs on the page (?main), before PyScript loads (shell.js imports this first).
// PyScript opens IndexedDB stores of its own as it starts (its IDBMap library, names "IDBMap/...":
// the packages cache it awaits before it starts Python, and pyscript.fs's, which we never use).
// Where the browser refuses the open, PyScript's error handler re-dispatches the failure from inside
// its own dispatch ("InvalidStateError: ... The event is already being dispatched", uncaught) after
// rejecting the store, and the start dies either way. So its stores are opened here: the browser's
// when it grants one, else one in memory for this page (nothing in them is ours: a packages cache
// we do not use, as we load no packages through PyScript).
const openIndexedDB = globalThis.IDBFactory?.prototype.open;
const memoryStores = new Map();

function memoryDatabase(name) {
  if (!memoryStores.has(name)) memoryStores.set(name, new Map());
  const entries = memoryStores.get(name);
  // Each call answers as an IDBRequest does: its result, to the onsuccess set after the call returns.
  const answer = (work) => {
    const request = { result: undefined, error: null };
    queueMicrotask(() => {
      request.result = work();
      request.onsuccess?.({ type: "success", target: request });
    });
    return request;
  };
  const store = {
    count: () => answer(() => entries.size),
    clear: () => answer(() => entries.clear()),
    delete: (key) => answer(() => { entries.delete(key); }),
    get: (key) => answer(() => entries.get(key)),
    getKey: (key) => answer(() => (entries.has(key) ? key : undefined)),
    getAllKeys: () => answer(() => [...entries.keys()]),
    put: (value, key) => answer(() => { entries.set(key, value); return key; }),
  };
  return { objectStoreNames: { length: 1 }, transaction: () => ({ objectStore: () => store }), close() {} };
}

function openPyScriptStore(factory, name, ...rest) {
  const opening = new EventTarget();
  const fromMemory = (reason) => {
    console.info(`Thieves' Table: IndexedDB is refused to this page (${reason}): PyScript's store ${name} is kept in memory`);
    queueMicrotask(() => opening.onsuccess?.({ type: "success", target: { result: memoryDatabase(name) } }));
  };
  let request;
  try {
    request = openIndexedDB.call(factory, name, ...rest);
  } catch (error) {
    fromMemory(error?.name ?? error);
    return opening;
  }
  request.onupgradeneeded = (event) => opening.onupgradeneeded?.(event);
  request.onsuccess = (event) => opening.onsuccess?.(event);
  request.onerror = (event) => {
    event.preventDefault();
    fromMemory(request.error?.name);
  };
  return opening;
}

if (openIndexedDB) {
  IDBFactory.prototype.open = function open(name, ...rest) {
    return String(name).startsWith("IDBMap/") ? openPyScriptStore(this, name, ...rest)
      : openIndexedDB.call(this, name, ...rest);
  };
}
