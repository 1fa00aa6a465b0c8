// The playground page: an editor with ASP highlighting and squiggles, a
// Run button that posts to /api/solve, the answer sets grouped by
// predicate, --why trees for clicked atoms, the --explain core marked in
// the editor, and board pictures for the seed puzzles.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { examples: [], example: null, doc: null, selected: 0, runId: null, marks: [], step: 0 };

// ---- terms ---------------------------------------------------------------

// Splits "f(a,g(b,c),\"x,y\")" into its name and top-level arguments.
function parseAtom(text) {
  const open = text.indexOf("(");
  if (open < 0) return { name: text, args: [] };
  const name = text.slice(0, open);
  const inner = text.slice(open + 1, text.lastIndexOf(")"));
  const args = [];
  let depth = 0, quoted = false, start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quoted) { if (c === "\\") i++; else if (c === '"') quoted = false; continue; }
    if (c === '"') quoted = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) { args.push(inner.slice(start, i)); start = i + 1; }
  }
  if (inner.length > 0) args.push(inner.slice(start));
  return { name, args };
}
const signature = (atom) => { const a = parseAtom(atom); return a.name + "/" + a.args.length; };
const num = (s) => Number.parseInt(s, 10);

// ---- the editor ------------------------------------------------------------

const TOKENS = [
  ["tok-comment", /%\*[\s\S]*?\*%|%[^\n]*/y],
  ["tok-string", /"(?:[^"\\\n]|\\.)*"/y],
  ["tok-directive", /#[a-z_]+/y],
  ["tok-keyword", /\bnot\b/y],
  ["tok-var", /\b_*[A-Z][A-Za-z0-9_']*/y],
  ["tok-number", /\b\d+\b/y],
  ["tok-op", /:-|:~|\.\.|[;:|]/y],
];

function tokens(text) {
  const out = [];
  let i = 0;
  while (i < text.length) {
    let matched = false;
    for (const [cls, re] of TOKENS) {
      re.lastIndex = i;
      const m = re.exec(text);
      if (m && m[0].length > 0) { out.push({ start: i, end: i + m[0].length, cls }); i += m[0].length; matched = true; break; }
    }
    if (!matched) i++;
  }
  return out;
}

const escapeHtml = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The text as HTML: token classes, and the marks (squiggles, the core) over them.
function highlight(text, marks) {
  const ranges = tokens(text).concat(marks);
  const cuts = new Set([0, text.length]);
  for (const r of ranges) { cuts.add(Math.max(0, Math.min(text.length, r.start))); cuts.add(Math.max(0, Math.min(text.length, r.end))); }
  const points = [...cuts].sort((a, b) => a - b);
  let html = "";
  for (let k = 0; k + 1 < points.length; k++) {
    const a = points[k], b = points[k + 1];
    const classes = ranges.filter((r) => r.start <= a && r.end >= b && r.start < r.end).map((r) => r.cls);
    const titles = marks.filter((r) => r.start <= a && r.end >= b && r.title).map((r) => r.title);
    const piece = escapeHtml(text.slice(a, b));
    html += classes.length ? `<span class="${classes.join(" ")}"${titles.length ? ` title="${escapeHtml(titles.join("\n"))}"` : ""}>${piece}</span>` : piece;
  }
  return html + "\n";
}

function redraw() {
  $("highlight").innerHTML = highlight($("program").value, state.marks);
  syncScroll();
}
function syncScroll() {
  $("highlight").scrollTop = $("program").scrollTop;
  $("highlight").scrollLeft = $("program").scrollLeft;
}

// Offset of a 1-based line and column in the text.
function offset(text, line, column) {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  return Math.min(text.length, at + Math.max(0, column - 1));
}

// ---- running -------------------------------------------------------------

function currentArgs() {
  const args = $("args").value.trim().split(/\s+/).filter((a) => a.length > 0);
  if ($("explain").checked) args.push("--explain");
  return args;
}

function programToRun() {
  const text = $("program").value;
  return state.example && state.example.picture ? text + "\n" + state.example.picture + "\n" : text;
}

async function post(path, body) {
  const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const doc = await response.json();
  if (!response.ok) throw new Error(doc.Error || response.statusText);
  return doc;
}

async function run() {
  const id = "run-" + Math.random().toString(36).slice(2);
  state.runId = id;
  $("run").disabled = true;
  $("cancel").disabled = false;
  $("status").textContent = "running…";
  $("why").innerHTML = "";
  try {
    const doc = await post("/api/solve", { program: programToRun(), args: currentArgs(), id });
    if (state.runId !== id) return;
    state.doc = doc;
    state.selected = 0;
    state.step = 0;
    show(doc);
    $("status").textContent = "";
  } catch (e) {
    $("status").textContent = "error: " + e.message;
  } finally {
    if (state.runId === id) { state.runId = null; $("run").disabled = false; $("cancel").disabled = true; }
  }
}

async function cancel() {
  if (!state.runId) return;
  try { await post("/api/cancel", { id: state.runId }); } catch (e) { /* already over */ }
  $("status").textContent = "cancelled";
}

function witnesses(doc) {
  return (doc.Call || []).flatMap((c) => c.Witnesses || []);
}

// ---- showing a result ----------------------------------------------------------

function show(doc) {
  const text = $("program").value;
  const models = witnesses(doc);
  const more = doc.Models && doc.Models.More === "yes" ? "+" : "";
  $("result").textContent = `${doc.Result} — ${models.length}${more} answer set${models.length === 1 ? "" : "s"}` +
    (doc.Models && doc.Models.Optimum ? `, optimum: ${doc.Models.Optimum}` : "");
  // diagnostics: a list, and squiggles where they are
  state.marks = [];
  const list = $("diagnostics");
  list.innerHTML = "";
  for (const d of doc.Diagnostics || []) {
    const li = document.createElement("li");
    li.className = d.level;
    li.textContent = (d.line ? `${d.line}:${d.column}: ` : "") + `${d.level}: ${d.message}`;
    if (d.line && d.file === "-") {
      const start = offset(text, d.line, d.column);
      const end = Math.max(start + 1, offset(text, d.end_line, d.end_column));
      state.marks.push({ start, end, cls: "squiggle-" + d.level, title: `${d.level}: ${d.message}` });
      li.onclick = () => { $("program").focus(); $("program").setSelectionRange(start, end); };
    }
    list.appendChild(li);
  }
  // the unsatisfiable core, marked in the editor
  const ex = $("explanation");
  ex.innerHTML = "";
  if (doc.Explanation) {
    for (const c of doc.Explanation.constraints || []) {
      state.marks.push({ start: offset(text, c.line, c.column), end: offset(text, c.end_line, c.end_column), cls: "core", title: "in the unsatisfiable core" });
    }
    const pre = document.createElement("pre");
    pre.textContent = doc.Explanation.text;
    ex.appendChild(pre);
  }
  redraw();
  showModels(models);
  showPicture();
}

// Predicates the picture asked for (not shown in the lists).
function pictureSignatures() {
  if (!state.example || !state.example.picture) return new Set();
  return new Set([...state.example.picture.matchAll(/#show\s+([a-z_][A-Za-z0-9_']*\/\d+)/g)].map((m) => m[1]));
}

function showModels(models) {
  const box = $("models");
  box.innerHTML = "";
  const hidden = pictureSignatures();
  models.forEach((w, i) => {
    const div = document.createElement("div");
    div.className = "model" + (i === state.selected ? " selected" : "");
    const h = document.createElement("h3");
    h.textContent = `Answer ${i + 1}` + (w.Costs ? `  (costs ${w.Costs.join(" ")})` : "");
    h.onclick = () => { state.selected = i; state.step = 0; showModels(models); showPicture(); };
    div.appendChild(h);
    const groups = new Map();
    for (const atom of w.Value) {
      const sig = signature(atom);
      if (hidden.has(sig)) continue;
      if (!groups.has(sig)) groups.set(sig, []);
      groups.get(sig).push(atom);
    }
    for (const [sig, atoms] of [...groups.entries()].sort()) {
      const g = document.createElement("div");
      g.className = "group";
      g.innerHTML = `<span class="pred">${escapeHtml(sig)}</span>`;
      for (const atom of atoms) {
        const a = document.createElement("span");
        a.className = "atom";
        a.textContent = atom;
        a.title = "why is it in this answer set?";
        a.onclick = () => why(atom, i);
        g.appendChild(a);
      }
      div.appendChild(g);
    }
    box.appendChild(div);
  });
}

// ---- --why --------------------------------------------------------------------

async function why(atom, index) {
  $("why").textContent = `why ${atom}…`;
  try {
    const doc = await post("/api/solve", { program: programToRun(), args: currentArgs().concat(["--why", atom]) });
    const w = witnesses(doc)[index];
    $("why").innerHTML = "";
    const title = document.createElement("strong");
    title.textContent = `Why ${atom} (answer ${index + 1})`;
    $("why").appendChild(title);
    $("why").appendChild(tree((w && w.Why) || ["(no explanation)"]));
  } catch (e) {
    $("why").textContent = "error: " + e.message;
  }
}

// Lines indented by two spaces per level, as nested lists.
function tree(lines) {
  const root = document.createElement("ul");
  const stack = [{ depth: -1, list: root }];
  for (const line of lines) {
    const depth = line.match(/^ */)[0].length / 2;
    while (stack.length > 1 && stack[stack.length - 1].depth >= depth) stack.pop();
    let parent = stack[stack.length - 1].list;
    const li = document.createElement("li");
    li.textContent = line.trim();
    parent.appendChild(li);
    const sub = document.createElement("ul");
    li.appendChild(sub);
    stack.push({ depth, list: sub });
  }
  root.querySelectorAll("ul:empty").forEach((u) => u.remove());
  return root;
}

// ---- pictures -------------------------------------------------------------------

const CELL = 40;

function svg(width, height, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

// Each picture: the steps of an answer set, and the board at a step.
const PICTURES = {
  // peg(X,Y,T), hole(X,Y); jump(T,X,Y,DX,DY)
  peg: { steps: (f) => f("peg", 3).map((a) => num(a[2])), board: (f, t) => pegBoard(f("hole", 2), f("peg", 3).filter((a) => num(a[2]) === t)) },
  // peg(T,X,Y), hole(X,Y); move(T,D,X,Y)
  solitaire: { steps: (f) => f("peg", 3).map((a) => num(a[0])), board: (f, t) => pegBoard(f("hole", 2), f("peg", 3).filter((a) => num(a[0]) === t).map((a) => [a[1], a[2]])) },
  // at(T,X,Y,N): tile N at row X, column Y (0: the blank)
  fifteen: {
    steps: (f) => f("at", 4).map((a) => num(a[0])),
    board: (f, t) => {
      const tiles = f("at", 4).filter((a) => num(a[0]) === t);
      const size = Math.max(4, ...tiles.map((a) => Math.max(num(a[1]), num(a[2]))));
      let body = "";
      for (const [, x, y, n] of tiles) {
        const px = (num(y) - 1) * CELL, py = (num(x) - 1) * CELL;
        if (n === "0") continue;
        body += `<rect class="tile" x="${px + 2}" y="${py + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="4" fill="#d9b382" stroke="#8a6a3a"/>` +
          `<text x="${px + CELL / 2}" y="${py + CELL / 2 + 5}" text-anchor="middle" font-size="16" font-family="sans-serif">${escapeHtml(n)}</text>`;
      }
      return svg(size * CELL, size * CELL, body);
    },
  },
  // cell(X,Y), goal(X,Y), at(T,P,X,Y): pieces by name, Y upwards
  lunar: {
    steps: (f) => f("at", 4).map((a) => num(a[0])),
    board: (f, t) => {
      const cells = f("cell", 2);
      const maxX = Math.max(...cells.map((c) => num(c[0]))), maxY = Math.max(...cells.map((c) => num(c[1])));
      const minX = Math.min(...cells.map((c) => num(c[0]))), minY = Math.min(...cells.map((c) => num(c[1])));
      const place = (x, y) => [(num(x) - minX) * CELL, (maxY - num(y)) * CELL];
      let body = "";
      for (const [x, y] of cells) { const [px, py] = place(x, y); body += `<rect x="${px}" y="${py}" width="${CELL}" height="${CELL}" fill="none" stroke="#ccb"/>`; }
      for (const [x, y] of f("goal", 2)) { const [px, py] = place(x, y); body += `<rect class="goal" x="${px + 3}" y="${py + 3}" width="${CELL - 6}" height="${CELL - 6}" fill="#f6d365"/>`; }
      for (const [, p, x, y] of f("at", 4).filter((a) => num(a[0]) === t)) {
        const [px, py] = place(x, y);
        body += `<circle class="piece" cx="${px + CELL / 2}" cy="${py + CELL / 2}" r="${CELL / 2 - 5}" fill="#7aa7d9" stroke="#2a4a7a"/>` +
          `<text x="${px + CELL / 2}" y="${py + CELL / 2 + 5}" text-anchor="middle" font-size="14" font-family="sans-serif">${escapeHtml(p)}</text>`;
      }
      return svg((maxX - minX + 1) * CELL, (maxY - minY + 1) * CELL, body);
    },
  },
};

function pegBoard(holes, pegs) {
  const maxX = Math.max(...holes.map((h) => num(h[0]))), maxY = Math.max(...holes.map((h) => num(h[1])));
  const full = new Set(pegs.map((p) => p[0] + "," + p[1]));
  let body = "";
  for (const [x, y] of holes) {
    const cx = (num(x) - 0.5) * CELL, cy = (num(y) - 0.5) * CELL;
    body += full.has(x + "," + y)
      ? `<circle class="peg" cx="${cx}" cy="${cy}" r="${CELL / 3}" fill="#b5462f"/>`
      : `<circle class="hole" cx="${cx}" cy="${cy}" r="${CELL / 6}" fill="none" stroke="#666" stroke-width="2"/>`;
  }
  return svg(maxX * CELL, maxY * CELL, body);
}

function showPicture() {
  const box = $("picture");
  box.innerHTML = "";
  const picture = state.example && PICTURES[state.example.name];
  const w = state.doc && witnesses(state.doc)[state.selected];
  if (!picture || !w) return;
  const atoms = w.Value.map(parseAtom);
  const facts = (name, arity) => atoms.filter((a) => a.name === name && a.args.length === arity).map((a) => a.args);
  const steps = [...new Set(picture.steps(facts))].sort((a, b) => a - b);
  if (steps.length === 0) return;
  const t = steps[Math.min(state.step, steps.length - 1)];
  const controls = document.createElement("div");
  controls.className = "controls";
  controls.innerHTML = `<label>step <input type="range" id="step" min="0" max="${steps.length - 1}" value="${steps.indexOf(t)}"> <span id="stepvalue">${t}</span> of ${steps[steps.length - 1]}</label>`;
  box.appendChild(controls);
  const board = document.createElement("div");
  board.id = "board";
  board.innerHTML = picture.board(facts, t);
  box.appendChild(board);
  $("step").oninput = (e) => { state.step = Number(e.target.value); showPicture(); };
}

// ---- start -----------------------------------------------------------------------

async function start() {
  $("program").addEventListener("input", () => { state.marks = []; redraw(); });
  $("program").addEventListener("scroll", syncScroll);
  $("run").onclick = run;
  $("cancel").onclick = cancel;
  $("program").addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) run(); });
  $("example").onchange = () => {
    const ex = state.examples.find((x) => x.name === $("example").value) || null;
    state.example = ex;
    if (ex) $("program").value = ex.program;
    state.marks = [];
    state.doc = null;
    ["result", "models", "picture", "why", "explanation", "diagnostics"].forEach((id) => { $(id).innerHTML = ""; });
    redraw();
  };
  redraw();
  try {
    const response = await fetch("/api/examples");
    state.examples = await response.json();
    for (const ex of state.examples) {
      const option = document.createElement("option");
      option.value = ex.name;
      option.textContent = ex.title;
      $("example").appendChild(option);
    }
  } catch (e) {
    $("status").textContent = "could not load the examples";
  }
}

start();
