// The boxes' flash images in IndexedDB (one 2 MiB image per board), so that
// settings, scores and game logs are there at the next visit.
//   await load(board) -> ArrayBuffer | null; await save(board, buffer); await erase(board)
const DB = 'bataille-box';
const STORE = 'flash';

function open() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

async function run(mode, fn) {
  const db = await open();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = fn(tx.objectStore(STORE));
    tx.oncomplete = () => { db.close(); resolve(req.result); };
    tx.onerror = () => { db.close(); reject(tx.error); };
  });
}

export const load = (board) => run('readonly', (s) => s.get(board)).then((v) => v || null);
export const save = (board, buf) => run('readwrite', (s) => s.put(buf, board));
export const erase = (board) => run('readwrite', (s) => s.delete(board));
