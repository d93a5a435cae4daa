/**
 * @jest-environment jsdom
 */
import { CaptchaNotLoadedError, executeCaptcha, loadCaptcha, resetCaptchaForTests } from "./browser";

const scriptUrl = "https://www.google.com/recaptcha/enterprise.js";

function injected(): HTMLScriptElement {
  const script = document.head.querySelector<HTMLScriptElement>("script[src*='render=']");
  if (!script) throw new Error("no script was added");
  return script;
}

describe("bot check in the browser", () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    resetCaptchaForTests();
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it("warns and loads nothing without a site key", async () => {
    await expect(loadCaptcha({ siteKey: undefined, scriptUrl })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("no site key"));
    expect(document.head.querySelector("script")).toBeNull();
  });

  it("rejects execute before the script has loaded", async () => {
    await expect(executeCaptcha("site", "send_link")).rejects.toBeInstanceOf(CaptchaNotLoadedError);
    void loadCaptcha({ siteKey: "site", scriptUrl });
    await expect(executeCaptcha("site", "send_link")).rejects.toThrow("not loaded");
  });

  it("loads the enterprise script once with the site key and language, then executes with the action", async () => {
    const first = loadCaptcha({ siteKey: "site-key", scriptUrl, language: "en-GB" });
    expect(loadCaptcha({ siteKey: "site-key", scriptUrl })).toBe(first);
    const script = injected();
    expect(script.src).toBe("https://www.google.com/recaptcha/enterprise.js?render=site-key&hl=en-GB");
    expect(document.head.querySelectorAll("script")).toHaveLength(1);

    const execute = jest.fn().mockResolvedValue("token-123");
    window.grecaptcha = { enterprise: { ready: (cb) => cb(), execute } };
    script.dispatchEvent(new Event("load"));
    await expect(first).resolves.toBe(true);
    await expect(executeCaptcha("site-key", "request_verification")).resolves.toBe("token-123");
    expect(execute).toHaveBeenCalledWith("site-key", { action: "request_verification" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("warns when the script cannot load, stays not loaded, and tries again next time", async () => {
    const attempt = loadCaptcha({ siteKey: "site-key", scriptUrl });
    injected().dispatchEvent(new Event("error"));
    await expect(attempt).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("could not be loaded"));
    await expect(executeCaptcha("site-key", "a")).rejects.toBeInstanceOf(CaptchaNotLoadedError);
    expect(document.head.querySelector("script")).toBeNull();
    void loadCaptcha({ siteKey: "site-key", scriptUrl });
    expect(document.head.querySelectorAll("script")).toHaveLength(1);
  });

  it("warns when the script loads without the enterprise API", async () => {
    const attempt = loadCaptcha({ siteKey: "site-key", scriptUrl });
    injected().dispatchEvent(new Event("load"));
    await expect(attempt).resolves.toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("did not define grecaptcha.enterprise"));
  });
});
