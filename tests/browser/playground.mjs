// Drives the playground page in headless Chromium (Playwright): loads each
// seed example, runs it, checks that answer sets and the board picture
// appear, steps the slider; types a program with an error and checks the
// squiggle; runs an unsatisfiable program and checks the core is marked;
// clicks an atom and checks the --why tree. Screenshots go to the
// directory given.  Usage: node playground.mjs URL SHOTS_DIR
import { chromium } from "playwright-core";
import path from "node:path";

const [url, shots] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log((ok ? "ok   " : "FAIL ") + what); };

try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on("pageerror", (e) => failures.push("page error: " + e.message));
  await page.goto(url);
  await page.waitForFunction(() => document.querySelectorAll("#example option").length > 4);

  const pictures = { peg: "circle.peg", solitaire: "circle.peg", fifteen: "rect.tile", lunar: "circle.piece" };
  for (const [name, mark] of Object.entries(pictures)) {
    await page.selectOption("#example", name);
    await page.click("#run");
    await page.waitForSelector("#models .model", { timeout: 60000 });
    const result = await page.textContent("#result");
    check(result.startsWith("SATISFIABLE"), `${name}: result ${result}`);
    const atoms = await page.locator("#models .atom").count();
    check(atoms > 0, `${name}: ${atoms} atoms listed`);
    const marks = await page.locator(`#board svg ${mark}`).count();
    check(marks > 0, `${name}: the board shows ${marks} × ${mark}`);
    const before = await page.innerHTML("#board");
    const steps = Number(await page.getAttribute("#step", "max"));
    await page.locator("#step").fill(String(steps));
    const after = await page.innerHTML("#board");
    check(steps > 0 && before !== after, `${name}: the slider moves through ${steps} steps`);
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  }

  // --why for a clicked atom
  await page.selectOption("#example", "peg");
  await page.click("#run");
  await page.waitForSelector("#models .atom");
  await page.locator("#models .atom").first().click();
  await page.waitForSelector("#why li", { timeout: 30000 });
  const why = await page.textContent("#why");
  check(/is true|is false/.test(why), "why: " + why.slice(0, 80));

  // an error, underlined where it is
  await page.selectOption("#example", "");
  await page.fill("#program", "a.\np(X) :- q.\n");
  await page.click("#run");
  await page.waitForSelector("#highlight .squiggle-error");
  const squiggle = await page.$$eval("#highlight .squiggle-error", (spans) => spans.map((s) => s.textContent).join(""));
  check(squiggle.startsWith("p(X) :- q."), "error squiggle under: " + squiggle);
  const diag = await page.textContent("#diagnostics");
  check(diag.includes("2:1: error: unsafe variables"), "diagnostic: " + diag.slice(0, 60));
  await page.screenshot({ path: path.join(shots, "error.png"), fullPage: true });

  // no answer: the core marked in the editor
  await page.fill("#program", "a.\nb :- a.\n:- b.\nc.\n");
  await page.click("#run");
  await page.waitForSelector("#highlight .core");
  const core = await page.$$eval("#highlight .core", (spans) => spans.map((s) => s.textContent).join(""));
  check(core.trim() === ":- b.", "core marked: " + core);
  check((await page.textContent("#result")).startsWith("UNSATISFIABLE"), "unsat result");
  await page.screenshot({ path: path.join(shots, "unsat.png"), fullPage: true });
} catch (e) {
  failures.push("exception: " + e.stack);
} finally {
  await browser.close();
}
if (failures.length > 0) {
  console.log("failures:\n" + failures.join("\n"));
  process.exit(1);
}
