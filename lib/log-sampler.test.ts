import fc from "fast-check";
import { heldBackNote, logSampler } from "./log-sampler";

describe("logSampler", () => {
  it("writes the first occurrence of each interval and counts the ones held back", () => {
    let t = 1_000;
    const sampler = logSampler(1000, () => t);
    expect(sampler.take()).toEqual({ write: true, heldBack: 0 });
    t += 10;
    expect(sampler.take()).toEqual({ write: false });
    t += 500;
    expect(sampler.take()).toEqual({ write: false });
    t += 490;
    expect(sampler.take()).toEqual({ write: true, heldBack: 2 });
    expect(sampler.take()).toEqual({ write: false });
    sampler.reset();
    expect(sampler.take()).toEqual({ write: true, heldBack: 0 });
  });

  it("a clock that goes back does not silence it", () => {
    let t = 10_000;
    const sampler = logSampler(1000, () => t);
    sampler.take();
    t = 5_000;
    expect(sampler.take()).toEqual({ write: true, heldBack: 0 });
  });

  it("over any burst: at most one line per interval, and every occurrence is written or counted", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 500 }), (gaps) => {
        let t = 0;
        const sampler = logSampler(1000, () => t);
        const written: number[] = [];
        let counted = 0;
        for (const gap of gaps) {
          t += gap;
          const r = sampler.take();
          if (r.write) {
            written.push(t);
            counted += 1 + r.heldBack;
          }
        }
        for (let i = 1; i < written.length; i++) expect(written[i]! - written[i - 1]!).toBeGreaterThanOrEqual(1000);
        // What was held back after the last line is reported with the next one.
        expect(counted).toBeLessThanOrEqual(gaps.length);
        expect(written.length).toBeLessThanOrEqual(Math.floor(t / 1000) + 1);
      }),
    );
  });

  it("heldBackNote", () => {
    expect(heldBackNote(0)).toBe("");
    expect(heldBackNote(3)).toBe(" (3 more since the last line)");
  });
});
