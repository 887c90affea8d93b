/* swkit site: a student's work, handed in, backed up, restored and never out of sight.
 *
 * Served by the site as swkit-work.js (swkit site, swkit/cli/site.py) and loaded by the class
 * page (index.html) and by JupyterLite's notebook and JupyterLab pages. JupyterLite keeps a
 * student's notebooks in this browser's IndexedDB, in the database "JupyterLite Storage - <the
 * site's path>", object store "files", key = the notebook's path, value = its contents model
 * (the notebook itself in .content). This script reads that store (and, on the class page,
 * writes restored notebooks into it the same way); in a lesson it saves through the app's own
 * contents service (window.jupyterapp, the site sets exposeAppInBrowser).
 *
 * - Lesson pages: a "Hand in this lesson" button saves the notebook and downloads it (.ipynb,
 *   with its outputs, under the lesson's file name) through an <a download> of a Blob, which
 *   works where JupyterLab's own download does not (an iPad). The kernel asks for the same
 *   with a display of SWKIT_HAND_IN (swkit.lite.hand_in()): a kernel cannot download by itself.
 *   A copy of this lesson with the student's work in an earlier lessons folder is named at once
 *   with a link that opens it.
 * - The class page: "Download all my work" (one .zip of every stored notebook, every lessons
 *   folder; other files stay out) and "Restore my work" (from such a zip; never over a different copy), where the
 *   work lives, each lesson's earlier copies, and work this browser holds for another address
 *   of the site (brought here on request).
 * - Both ask the browser to keep the site's storage (navigator.storage.persist()).
 *
 * Decisions: docs/DECISIONS.md, "The site", "A student's work in the site".
 */
(function () {
  'use strict';

  const SWKIT_HAND_IN = 'application/vnd.swkit.hand-in+json';
  const STORE_PREFIX = 'JupyterLite Storage - ';
  const LESSONS_FOLDER = /^v\d[\w.+-]*$/;
  const MAX_ENTRIES = 2000;
  const MAX_FILE_BYTES = 20 * 1024 * 1024;
  const MAX_TOTAL_BYTES = 200 * 1024 * 1024;
  const script = document.currentScript;
  const siteUrl = new URL('.', script ? script.src : window.location.href);
  const sitePath = siteUrl.pathname;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8', { fatal: false });

  /* ---- storage ---------------------------------------------------------------------------- */

  function storageName(path) {
    return STORE_PREFIX + (path === undefined ? sitePath : path);
  }

  function request(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  /* The site's files store (null when this browser holds nothing for the site). */
  async function openFiles(name, create) {
    if (!create && indexedDB.databases) {   /* reading never makes a database */
      const known = (await indexedDB.databases()).map((d) => d.name);
      if (!known.includes(name || storageName())) return null;
    }
    const db = await request(indexedDB.open(name || storageName()));
    if (db.objectStoreNames.contains('files')) return db;
    const version = db.version;
    db.close();
    if (!create) return null;
    /* as localforage does: the store, and its blob-support probe in a new database */
    const req = indexedDB.open(name || storageName(), version + 1);
    req.onupgradeneeded = (event) => {
      const fresh = req.result;
      fresh.createObjectStore('files');
      if (event.oldVersion <= 1 && !fresh.objectStoreNames.contains(
        'local-forage-detect-blob-support')) {
        fresh.createObjectStore('local-forage-detect-blob-support');
      }
    };
    const db2 = await request(req);
    db2.onversionchange = () => db2.close();
    return db2;
  }

  /* Every stored file of the site: [{path, model}], by path. */
  async function storedFiles(name) {
    let db;
    try {
      db = await openFiles(name, false);
    } catch (err) {
      return [];
    }
    if (!db) return [];
    try {
      const store = db.transaction('files').objectStore('files');
      const [keys, values] = await Promise.all([request(store.getAllKeys()),
        request(store.getAll())]);
      return keys.map((path, n) => ({ path: String(path), model: values[n] }))
        .filter((f) => f.model && f.model.type !== 'directory')
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    } finally {
      db.close();
    }
  }

  async function putFiles(models) {
    const db = await openFiles(null, true);
    try {
      const tx = db.transaction('files', 'readwrite');
      const store = tx.objectStore('files');
      for (const model of models) store.put(model, model.path);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  }

  /* A stored model's bytes, as the file would be downloaded. */
  function modelBytes(model) {
    const content = model.content;
    if (model.format === 'json' || model.type === 'notebook') {
      return encoder.encode(JSON.stringify(content, null, 1) + '\n');
    }
    if (model.format === 'base64') {
      const text = atob(content || '');
      const bytes = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
      return bytes;
    }
    return encoder.encode(content || '');
  }

  /* (lessons folder, path inside it) of a stored path, or null outside a lessons folder. */
  function lessonPlace(path) {
    const parts = path.split('/');
    if (parts.length < 2 || !LESSONS_FOLDER.test(parts[0])) return null;
    return { folder: parts[0], inside: parts.slice(1).join('/') };
  }

  /* The stored copies of the lesson at `inside` in lessons folders other than `folder`,
     the newest first. */
  function earlierCopies(files, folder, inside) {
    return files.filter((f) => {
      const place = lessonPlace(f.path);
      return place && place.folder !== folder && place.inside === inside;
    }).sort((a, b) => String(b.model.last_modified).localeCompare(String(a.model.last_modified)));
  }

  function cellText(source) {
    return Array.isArray(source) ? source.join('') : String(source || '');
  }

  /* Whether a stored notebook holds work: an output, or a cell that differs from the site's
     own file at that path (JupyterLite also stores a notebook left open, unchanged). */
  async function hasWork(file) {
    const cells = (file.model.content && file.model.content.cells) || [];
    if (cells.some((c) => (c.outputs || []).length)) return true;
    try {
      const answer = await fetch(new URL('files/' + file.path.split('/').map(encodeURIComponent)
        .join('/'), siteUrl), { cache: 'no-store' });
      if (!answer.ok) return true;
      const original = (await answer.json()).cells || [];
      const texts = (list) => JSON.stringify(list.map((c) => [c.cell_type, cellText(c.source)]));
      return texts(original) !== texts(cells);
    } catch (err) {
      return true;
    }
  }

  /* The copies of earlierCopies(...) that hold work, the newest first. */
  async function earlierWork(files, folder, inside) {
    const found = [];
    for (const file of earlierCopies(files, folder, inside)) {
      if (await hasWork(file)) found.push(file);
    }
    return found;
  }

  function when(model) {
    const date = new Date(model.last_modified || model.created || 0);
    if (Number.isNaN(date.getTime()) || date.getTime() === 0) return 'an earlier day';
    return date.toLocaleString(undefined, { day: 'numeric', month: 'long', year: 'numeric',
      hour: '2-digit', minute: '2-digit' });
  }

  function lessonLink(path) {
    return new URL('notebooks/index.html?path=' + encodeURIComponent(path).replace(/%2F/g, '/'),
      siteUrl).href;
  }

  async function currentFolder() {
    try {
      const answer = await fetch(new URL('files/version.json', siteUrl), { cache: 'no-store' });
      return answer.ok ? (await answer.json()).lessons : null;
    } catch (err) {
      return null;
    }
  }

  async function keepStorage() {
    if (!navigator.storage || !navigator.storage.persist) return null;
    try {
      return (await navigator.storage.persisted()) || (await navigator.storage.persist());
    } catch (err) {
      return null;
    }
  }

  /* ---- zip (stored entries; reading also inflates with the browser's DecompressionStream) -- */

  const CRC_TABLE = (() => {
    const table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
    return table;
  })();

  function crc32(bytes) {
    let c = 0xffffffff;
    for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }

  function dosTime(date) {
    const d = Number.isNaN(date.getTime()) || date.getFullYear() < 1980 ? new Date() : date;
    return [(d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
      ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate()];
  }

  /* A zip Blob of files [{name, bytes, date}] with the zip's comment `comment`. */
  function makeZip(files, comment) {
    const parts = [];
    const central = [];
    let offset = 0;
    let centralSize = 0;
    for (const file of files) {
      const name = encoder.encode(file.name);
      const crc = crc32(file.bytes);
      const [time, date] = dosTime(file.date);
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034b50, true);
      local.setUint16(4, 20, true);
      local.setUint16(6, 0x0800, true);  /* names in UTF-8 */
      local.setUint16(10, time, true);
      local.setUint16(12, date, true);
      local.setUint32(14, crc, true);
      local.setUint32(18, file.bytes.length, true);
      local.setUint32(22, file.bytes.length, true);
      local.setUint16(26, name.length, true);
      parts.push(local, name, file.bytes);
      const entry = new DataView(new ArrayBuffer(46));
      entry.setUint32(0, 0x02014b50, true);
      entry.setUint16(4, 20, true);
      entry.setUint16(6, 20, true);
      entry.setUint16(8, 0x0800, true);
      entry.setUint16(12, time, true);
      entry.setUint16(14, date, true);
      entry.setUint32(16, crc, true);
      entry.setUint32(20, file.bytes.length, true);
      entry.setUint32(24, file.bytes.length, true);
      entry.setUint16(28, name.length, true);
      entry.setUint32(42, offset, true);
      central.push(entry, name);
      offset += 30 + name.length + file.bytes.length;
      centralSize += 46 + name.length;
    }
    const note = encoder.encode(comment || '').slice(0, 65535);
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true);
    end.setUint16(8, files.length, true);
    end.setUint16(10, files.length, true);
    end.setUint32(12, centralSize, true);
    end.setUint32(16, offset, true);
    end.setUint16(20, note.length, true);
    return new Blob([...parts, ...central, end, note], { type: 'application/zip' });
  }

  async function inflate(data) {
    const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  /* {comment, entries: [{name, bytes}]} of a zip's files; throws Error in words. */
  async function readZip(buffer) {
    const view = new DataView(buffer);
    const bytes = new Uint8Array(buffer);
    let end = -1;
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65557); i--) {
      if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
    }
    if (end < 0) throw new Error('this file is not a .zip file');
    const count = view.getUint16(end + 10, true);
    if (count > MAX_ENTRIES) throw new Error(`this .zip holds ${count} files (at most ${MAX_ENTRIES})`);
    const comment = decoder.decode(bytes.subarray(end + 22, end + 22 + view.getUint16(end + 20, true)));
    const entries = [];
    let at = view.getUint32(end + 16, true);
    let total = 0;
    for (let n = 0; n < count; n++) {
      if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) {
        throw new Error('this .zip file is damaged');
      }
      const method = view.getUint16(at + 10, true);
      const packed = view.getUint32(at + 20, true);
      const size = view.getUint32(at + 24, true);
      const nameLength = view.getUint16(at + 28, true);
      const skip = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
      const local = view.getUint32(at + 42, true);
      const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      at += 46 + nameLength + skip;
      if (name.endsWith('/')) continue;
      if (local + 30 > bytes.length) throw new Error('this .zip file is damaged');
      const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
      const data = bytes.subarray(start, start + packed);
      total += size;
      if (size > MAX_FILE_BYTES || total > MAX_TOTAL_BYTES) {
        throw new Error('this .zip holds more than lessons do: it is not a copy of your work');
      }
      let content;
      if (method === 0) content = data;
      else if (method === 8 && typeof DecompressionStream !== 'undefined') content = await inflate(data);
      else throw new Error(`${name} is packed in a way this browser cannot open`);
      if (content.length > MAX_FILE_BYTES) throw new Error('this .zip file is damaged');
      entries.push({ name, bytes: content });
    }
    return { comment, entries };
  }

  function download(blob, name) {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = name;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    setTimeout(() => { URL.revokeObjectURL(link.href); link.remove(); }, 60000);
  }

  function today() {
    return new Date().toISOString().slice(0, 10);
  }

  /* ---- all my work: download and restore -------------------------------------------------- */

  async function downloadAll() {
    const files = (await storedFiles()).filter((f) => f.model.type === 'notebook');
    if (!files.length) return 'No work is stored in this browser for this site yet.';
    const zipped = files.map((f) => ({ name: f.path, bytes: modelBytes(f.model),
      date: new Date(f.model.last_modified || Date.now()) }));
    const name = `swkit-my-work-${today()}.zip`;
    download(makeZip(zipped, `swkit lessons: my work from ${siteUrl.href}, ${new Date().toISOString()}`), name);
    const lessons = files.length === 1 ? '1 notebook' : `${files.length} notebooks`;
    return `Downloaded ${name} (${lessons}). Keep it safe: Restore my work brings it back.`;
  }

  /* The path to restore a zip entry at, or null (not a notebook, or an unsafe name). Folders
     before a lessons folder (a zip made again by hand) are dropped. */
  function restorePath(name) {
    if (name.startsWith('__MACOSX/') || name.includes('\\')) return null;
    let parts = name.split('/');
    if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
    const folder = parts.findIndex((p) => LESSONS_FOLDER.test(p));
    if (folder > 0 && folder < parts.length - 1) parts = parts.slice(folder);
    const base = parts[parts.length - 1];
    if (!base.endsWith('.ipynb') || base.startsWith('._')) return null;
    return parts.join('/');
  }

  function besideName(path, taken) {
    const stem = path.replace(/\.ipynb$/, '');
    let candidate = `${stem}-restored.ipynb`;
    for (let n = 2; taken.has(candidate); n++) candidate = `${stem}-restored-${n}.ipynb`;
    return candidate;
  }

  async function folderOnSite(folder) {
    try {
      const answer = await fetch(new URL(`api/contents/${encodeURIComponent(folder)}/all.json`,
        siteUrl), { cache: 'no-store' });
      return answer.ok;
    } catch (err) {
      return false;
    }
  }

  /* Put notebooks {path: parsed notebook} into this site's storage, never over a different
     copy (that one stays; the restored one goes beside it). Returns words for the student. */
  async function restoreNotebooks(notebooks, from) {
    const stored = new Map((await storedFiles()).map((f) => [f.path, f.model]));
    const taken = new Set(stored.keys());
    const now = new Date().toISOString();
    const models = [];
    const beside = [];
    let same = 0;
    for (const [path, content] of notebooks) {
      const text = JSON.stringify(content);
      const old = stored.get(path);
      let target = path;
      if (old) {
        if (JSON.stringify(old.content) === text) { same++; continue; }
        target = besideName(path, taken);
        beside.push(target);
      }
      taken.add(target);
      models.push({ name: target.split('/').pop(), path: target, last_modified: now, created: now,
        format: 'json', mimetype: 'application/x-ipynb+json', content, size: encoder.encode(text).length,
        writable: true, type: 'notebook', hash: null, hash_algorithm: null });
    }
    const folders = new Set(models.map((m) => m.path.split('/').slice(0, -1).join('/')).filter(Boolean));
    for (const folder of folders) {
      const parts = folder.split('/');
      for (let n = 1; n <= parts.length; n++) {
        const path = parts.slice(0, n).join('/');
        if (taken.has(path) || await folderOnSite(path)) continue;
        taken.add(path);
        models.push({ name: parts[n - 1], path, last_modified: now, created: now, format: 'json',
          mimetype: '', content: null, size: 0, writable: true, type: 'directory' });
      }
    }
    if (models.length) await putFiles(models);
    const count = models.filter((m) => m.type === 'notebook').length;
    const words = [count === 1 ? `Restored 1 notebook${from}.` : `Restored ${count} notebooks${from}.`];
    if (same) words.push(same === 1 ? '1 was here already.' : `${same} were here already.`);
    if (beside.length) {
      words.push(`You had a different copy of ${beside.length === 1 ? 'one' : beside.length}: ` +
        `yours stays, and the restored one is beside it as ${beside.join(', ')}.`);
    }
    return words.join(' ');
  }

  async function restoreZip(file) {
    let zip;
    try {
      zip = await readZip(await file.arrayBuffer());
    } catch (err) {
      return `${file.name}: ${err.message}. Choose the .zip that Download all my work made.`;
    }
    const notebooks = new Map();
    let skipped = 0;
    for (const entry of zip.entries) {
      const path = restorePath(entry.name);
      let content = null;
      if (path) {
        try {
          content = JSON.parse(decoder.decode(entry.bytes));
        } catch (err) {
          content = null;
        }
      }
      if (!content || typeof content !== 'object' || !Array.isArray(content.cells)) { skipped++; continue; }
      notebooks.set(path, content);
    }
    if (!notebooks.size) {
      return `${file.name} holds no notebooks to restore. Choose the .zip that Download all my work made.`;
    }
    const source = /my work from (\S+),/.exec(zip.comment);
    const from = source && source[1] !== siteUrl.href ? ` (saved at ${source[1]})` : '';
    const words = await restoreNotebooks(notebooks, from);
    return skipped ? `${words} ${skipped} other file${skipped === 1 ? ' was' : 's were'} left out.` : words;
  }

  /* ---- the class page --------------------------------------------------------------------- */

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
    for (const child of children) node.append(child);
    return node;
  }

  async function otherAddresses() {
    if (!indexedDB.databases) return [];
    const found = [];
    for (const db of await indexedDB.databases()) {
      if (!db.name || !db.name.startsWith(STORE_PREFIX) || db.name === storageName()) continue;
      const files = (await storedFiles(db.name)).filter((f) => f.model.type === 'notebook');
      if (files.length) found.push({ path: db.name.slice(STORE_PREFIX.length), files });
    }
    return found;
  }

  async function classPage() {
    const status = document.getElementById('swkit-work-status');
    const say = (text) => { status.textContent = text; };
    const busy = (button, work) => button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        say(await work());
      } catch (err) {
        say(`That did not work: ${err.message || err}`);
      } finally {
        button.disabled = false;
      }
    });
    busy(document.getElementById('swkit-download-all'), downloadAll);
    const picker = document.getElementById('swkit-restore-file');
    picker.addEventListener('change', async () => {
      const file = picker.files && picker.files[0];
      if (!file) return;
      try {
        say(await restoreZip(file));
        await showEarlierWork();
      } catch (err) {
        say(`That did not work: ${err.message || err}`);
      }
      picker.value = '';
    });
    document.getElementById('swkit-work-tools').hidden = false;
    const kept = document.getElementById('swkit-work-kept');
    const stored = await storedFiles();
    const persisted = stored.length ? await keepStorage() : null;
    if (persisted === true) {
      kept.textContent = 'This browser has agreed to keep your work (it will not clear it to make room).';
    } else if (stored.length) {
      kept.textContent = 'This browser may clear stored work when it needs room: download all your work now and then.';
    }
    await showEarlierWork();
    const others = await otherAddresses();
    const moved = document.getElementById('swkit-work-moved');
    moved.replaceChildren();
    for (const other of others) {
      const button = el('button', { type: 'button' }, 'Bring that work here');
      const count = other.files.length === 1 ? '1 notebook' : `${other.files.length} notebooks`;
      const where = `${window.location.origin}${other.path}`;
      const note = el('p', { role: 'status' }, `This browser also holds ${count} of yours from ` +
        `this site's earlier address (${where}): the site has moved, and work stays at the ` +
        'address where it was saved. ', button);
      moved.append(note);
      button.addEventListener('click', async () => {
        button.disabled = true;
        try {
          const notebooks = new Map(other.files.map((f) => [f.path, f.model.content]));
          note.textContent = await restoreNotebooks(notebooks, ` from ${where}`);
          await showEarlierWork();
        } catch (err) {
          note.textContent = `That did not work: ${err.message || err}`;
        }
      });
    }
  }

  /* Beside each lesson on the class page: its copies in earlier lessons folders. */
  async function showEarlierWork() {
    const current = document.body.dataset.swkitLessons;
    const files = await storedFiles();
    for (const item of document.querySelectorAll('[data-swkit-lesson]')) {
      const inside = item.dataset.swkitLesson;
      item.querySelectorAll('.swkit-earlier').forEach((n) => n.remove());
      const copies = await earlierWork(files, current, inside);
      if (!copies.length) continue;
      const newest = copies[0];
      item.append(el('p', { class: 'swkit-earlier' },
        `Your work from before this lesson changed is in ${newest.path} (saved ${when(newest.model)}): `,
        el('a', { href: lessonLink(newest.path) }, `open my earlier copy of ${inside}`),
        copies.length > 1 ? ` (and ${copies.length - 1} older)` : ''));
    }
  }

  /* ---- lesson pages ----------------------------------------------------------------------- */

  const STYLE = `
  #swkit-work-bar { position: fixed; right: 12px; bottom: 12px; z-index: 10000; max-width: min(30rem, 90vw);
    font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #1b1b1b; }
  #swkit-work-bar .swkit-card { background: #fff8e6; border: 2px solid #8a5a00; border-radius: 8px;
    padding: 8px 12px; margin-bottom: 8px; box-shadow: 0 2px 6px rgba(0,0,0,.25); }
  #swkit-work-bar .swkit-card p { margin: 0 0 6px; }
  #swkit-work-bar button, #swkit-work-bar a.swkit-button { font: inherit; cursor: pointer; border-radius: 6px;
    padding: 4px 10px; border: 1px solid #0a4f8a; background: #ffffff; color: #0a4f8a; margin: 0 6px 0 0;
    text-decoration: none; display: inline-block; }
  #swkit-work-bar button.swkit-hand-in { background: #0a4f8a; color: #ffffff; float: right; }
  #swkit-work-bar button:focus-visible, #swkit-work-bar a:focus-visible { outline: 3px solid #b35c00; outline-offset: 2px; }
  #swkit-work-bar .swkit-said { clear: both; background: #ffffff; border: 1px solid #4a4a4a; border-radius: 6px;
    padding: 4px 8px; margin-top: 6px; }
  #swkit-work-bar .swkit-said:empty { display: none; }`;

  function notebookPanel(app) {
    const widget = app.shell.currentWidget;
    return widget && widget.context && widget.sessionContext && widget.content ? widget : null;
  }

  async function handIn(app, panel) {
    panel = panel || notebookPanel(app);
    if (!panel) return 'Open a lesson first: the lesson you hand in is the one on screen.';
    await panel.context.ready;
    await panel.context.save();
    const path = panel.context.path;
    const model = await app.serviceManager.contents.get(path, { content: true });
    const name = path.split('/').pop();
    download(new Blob([modelBytes(model)], { type: 'application/x-ipynb+json' }), name);
    return `Saved and downloaded ${name}, with your answers. Upload that file where your teacher ` +
      'asks (look in your Downloads folder).';
  }

  /* Say `words` in the bar's status line, for half a minute (it covers part of the lesson). */
  function tell(said, words) {
    said.textContent = words;
    clearTimeout(said.swkitTimer);
    said.swkitTimer = setTimeout(() => { said.textContent = ''; }, 30000);
  }

  function watchKernel(app, panel, said, seen) {
    if (seen.has(panel)) return;
    seen.add(panel);
    let asked = false;
    panel.sessionContext.iopubMessage.connect((_, msg) => {
      const kind = msg.header && msg.header.msg_type;
      if ((kind === 'display_data' || kind === 'execute_result') && msg.content.data &&
          SWKIT_HAND_IN in msg.content.data) {
        asked = true;
      } else if (asked && kind === 'status' && msg.content.execution_state === 'idle') {
        asked = false;   /* the cell has ended: its own output goes into the saved file */
        handIn(app, panel).then((words) => tell(said, words),
          (err) => tell(said, `That did not work: ${err.message || err}`));
      }
    });
  }

  async function earlierWorkCard(path, bar) {
    const place = lessonPlace(path);
    if (!place || place.folder !== await currentFolder()) return;
    const files = await storedFiles();
    const copies = await earlierWork(files, place.folder, place.inside);
    if (!copies.length) return;
    const newest = copies[0];
    const close = el('button', { type: 'button' }, 'Not now');
    const card = el('div', { class: 'swkit-card swkit-earlier', role: 'status' },
      el('p', {}, `You have work on this lesson in an earlier copy: ${newest.path} ` +
        `(saved ${when(newest.model)}). This page is the lesson as it is now, without your work.`),
      el('a', { class: 'swkit-button', href: lessonLink(newest.path) }, 'Open my earlier copy'),
      close);
    close.addEventListener('click', () => card.remove());
    bar.prepend(card);
  }

  async function lessonPage() {
    let app = null;
    for (let n = 0; n < 600 && !app; n++) {
      app = window.jupyterapp || null;
      if (!app) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!app) return;
    await app.started;
    const style = el('style', {});
    style.textContent = STYLE;
    document.head.append(style);
    const said = el('p', { class: 'swkit-said', role: 'status' });
    const button = el('button', { type: 'button', class: 'swkit-hand-in',
      title: 'Save this lesson and download it, to upload where your teacher asks' },
      'Hand in this lesson');
    const bar = el('div', { id: 'swkit-work-bar', role: 'region', 'aria-label': 'Your work' },
      button, said);
    document.body.append(bar);
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        tell(said, await handIn(app));
      } catch (err) {
        tell(said, `That did not work: ${err.message || err}`);
      } finally {
        button.disabled = false;
      }
    });
    keepStorage();
    const seen = new WeakSet();
    const track = () => {
      const panel = notebookPanel(app);
      if (panel) watchKernel(app, panel, said, seen);
    };
    app.shell.currentChanged && app.shell.currentChanged.connect(track);
    track();
    const path = new URLSearchParams(window.location.search).get('path');
    if (path) await earlierWorkCard(path, bar);
  }

  window.swkitWork = { downloadAll, restoreZip, storedFiles, makeZip, readZip, handIn: () =>
    handIn(window.jupyterapp), storageName };
  const start = () => (document.body.dataset.swkitPage === 'class' ? classPage() : lessonPage());
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
