import { parsedAddress, smtpTransportUrl } from "./email-adapter";

describe("the SMTP transport's options", () => {
  const options = (url: string, maxConnections = 5) => Object.fromEntries(new URL(smtpTransportUrl({ url, maxConnections })).searchParams);

  it("pools at most SMTP_MAX_CONNECTIONS connections, with time-outs", () => {
    expect(options("smtp://user:secret@relay.example:587", 7)).toEqual({ pool: "true", maxConnections: "7", connectionTimeout: "10000", greetingTimeout: "10000", socketTimeout: "20000" });
  });

  it("keeps the relay, its credentials and the operator's own options, time-outs included", () => {
    const url = new URL(smtpTransportUrl({ url: "smtps://us%40er:p%3Ass@relay.example:465?requireTLS=true&socketTimeout=60000", maxConnections: 2 }));
    expect([url.protocol, url.hostname, url.port, decodeURIComponent(url.username), decodeURIComponent(url.password)]).toEqual(["smtps:", "relay.example", "465", "us@er", "p:ss"]);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ requireTLS: "true", socketTimeout: "60000", pool: "true", maxConnections: "2" });
  });
});

describe("addresses handed to nodemailer parsed", () => {
  it("parses the From line once into its name and address", () => {
    expect(parsedAddress("Director Verification <no-reply@portal.example>")).toEqual({ name: "Director Verification", address: "no-reply@portal.example" });
    expect(parsedAddress('"Smith, Jones" <a@b.example>')).toEqual({ name: "Smith, Jones", address: "a@b.example" });
  });

  it("takes a plain address as it is, and leaves a list to nodemailer", () => {
    expect(parsedAddress(" o'brien+x@example.co.uk ")).toEqual({ name: "", address: "o'brien+x@example.co.uk" });
    expect(parsedAddress("a@b.example, c@d.example")).toBe("a@b.example, c@d.example");
  });
});
