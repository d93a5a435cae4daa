import messages from "@/messages/en-GB.json";
import { ERROR_CATALOGUE, errorFromMessage, type ErrorDefinition } from "./errors";

function resolve(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages.errors);
}

function text(def: ErrorDefinition) {
  return {
    code: def.code,
    title: resolve(def.titleKey),
    message: resolve(def.messageKey),
    actions: def.actions.map((a) => [resolve(`actions.${a.labelKey}`), a.href]),
  };
}

describe("errorFromMessage", () => {
  it.each([
    ["401", "unauthorized"],
    ["Unauthorized", "unauthorized"],
    ["Request failed with status 401", "unauthorized"],
    ["unauthorized", "unauthorized"],
    ["403", "forbidden"],
    ["Forbidden", "forbidden"],
    ["HTTP 403 Forbidden", "forbidden"],
    ["404", "notFound"],
    ["Not Found", "notFound"],
    ["Client not found", "notFound"],
    ["login", "login"],
    ["Login failed", "login"],
    ["500", "server"],
    ["Internal Server Error", "server"],
    ["Something exploded", "server"],
    ["", "server"],
  ])("maps %j to %s", (message, kind) => {
    expect(errorFromMessage(message).kind).toBe(kind);
  });

  it("falls back to the server error without a message", () => {
    expect(errorFromMessage(undefined)).toBe(ERROR_CATALOGUE.server);
    expect(errorFromMessage(null)).toBe(ERROR_CATALOGUE.server);
  });

  it("does not match codes embedded in longer numbers", () => {
    expect(errorFromMessage("order 14015").kind).toBe("server");
    expect(errorFromMessage("id 54030").kind).toBe("server");
  });

  it("prefers the status over the login hint", () => {
    expect(errorFromMessage("401: login required").kind).toBe("unauthorized");
  });
});

describe("error catalogue texts (docs/product.md)", () => {
  it("401", () => {
    expect(text(ERROR_CATALOGUE.unauthorized)).toEqual({
      code: 401,
      title: "Unauthorized",
      message: "You are not authorized to access this page.",
      actions: [
        ["Login", "/login"],
        ["Contact support", "/contact"],
      ],
    });
  });

  it("403", () => {
    expect(text(ERROR_CATALOGUE.forbidden)).toEqual({
      code: 403,
      title: "Forbidden",
      message: "You are not allowed to access this page.",
      actions: [
        ["Go back home", "/"],
        ["Contact support", "/contact"],
      ],
    });
  });

  it("404", () => {
    expect(text(ERROR_CATALOGUE.notFound)).toEqual({
      code: 404,
      title: "Page not found",
      message: "Sorry, we couldn\u2019t find the page you\u2019re looking for.",
      actions: [
        ["Go back home", "/"],
        ["Contact support", "/contact"],
      ],
    });
  });

  it("500", () => {
    expect(text(ERROR_CATALOGUE.server)).toEqual({
      code: 500,
      title: "Server error",
      message: "An error occurred on the server. Please try again later.",
      actions: [
        ["Go back home", "/"],
        ["Contact support", "/contact"],
      ],
    });
  });

  it("login error", () => {
    expect(text(ERROR_CATALOGUE.login)).toEqual({
      code: 500,
      title: "Login Error",
      message: "An error occurred while trying to login.",
      actions: [
        ["Home", "/"],
        ["Try Again", "/login"],
      ],
    });
  });
});
