import { createProgress, progressLine } from "./progress";

function stream(isTTY: boolean, columns?: number) {
  const writes: string[] = [];
  return { writes, isTTY, columns, write: (t: string) => writes.push(t) };
}

describe("progressLine", () => {
  it("draws the share done", () => {
    expect(progressLine(0, 4, 8)).toBe("[--------]   0% 0/4");
    expect(progressLine(1, 4, 8)).toBe("[##------]  25% 1/4");
    expect(progressLine(4, 4, 8)).toBe("[########] 100% 4/4");
    expect(progressLine(0, 0, 8)).toBe("[########] 100% 0/0");
  });
});

describe("createProgress", () => {
  it("rewrites one line on a terminal and ends it", () => {
    const s = stream(true);
    const p = createProgress(s, 3, "sync");
    p.update(1, "1 updated");
    p.update(2, "2 updated");
    p.update(3, "3 updated");
    p.finish();
    expect(s.writes.every((w) => w.startsWith("\r"))).toBe(true);
    // One line in all: only the last write ends it.
    expect(s.writes.filter((w) => w.includes("\n"))).toEqual([s.writes.at(-1)]);
    expect(s.writes.at(-1)).toMatch(/3\/3  3 updated\x1b\[K\n$/);
  });

  it("keeps a terminal line within its width", () => {
    const s = stream(true, 20);
    createProgress(s, 10, "a long label that does not fit").update(5);
    expect(s.writes[0]!.replace("\r", "").replace("\x1b[K", "").length).toBeLessThan(20);
  });

  it("writes plain lines at each tenth elsewhere, and the last one once", () => {
    const s = stream(false);
    const p = createProgress(s, 100, "sync");
    for (let i = 1; i <= 100; i++) p.update(i, `${i} updated`);
    p.finish();
    expect(s.writes.every((w) => w.endsWith("\n") && !w.includes("\r"))).toBe(true);
    expect(s.writes).toHaveLength(11);
    expect(s.writes[1]).toContain(" 10/100");
    expect(s.writes.at(-1)).toContain("100/100  100 updated");
  });

  it("writes the last line at finish when the run stopped short", () => {
    const s = stream(false);
    const p = createProgress(s, 100, "sync");
    p.update(37);
    p.finish("stopped");
    expect(s.writes.at(-1)).toContain("37/100  stopped");
  });
});
