import { documentTypeKey, mediaKind, mediaNames } from "./media-name";

describe("mediaNames", () => {
  it("names media by their source, pages in order", () => {
    const names = mediaNames([{ source: "id_document.page" }, { source: "id_document.page" }, { source: "id_document.fields" }, { source: "liveness.frame" }, { source: null }]);
    expect(names).toEqual([
      { kind: "documentPage", number: 1, of: 2 },
      { kind: "documentPage", number: 2, of: 2 },
      { kind: "documentFields", number: 1, of: 1 },
      { kind: "selfie", number: 1, of: 1 },
      { kind: "other", number: 1, of: 1 },
    ]);
  });

  it("knows every source the Yoti adapter records", () => {
    expect(["id_document.page", "id_document.frame", "id_document.fields", "id_document.photo", "liveness.frame"].map(mediaKind)).toEqual([
      "documentPage",
      "documentImage",
      "documentFields",
      "documentPhoto",
      "selfie",
    ]);
  });
});

describe("documentTypeKey", () => {
  it("words the provider's document types", () => {
    expect(["PASSPORT", "DRIVING_LICENCE", "NATIONAL_ID", "RESIDENCE_PERMIT", "OTHER", null].map(documentTypeKey)).toEqual(["passport", "drivingLicence", "identityCard", "residencePermit", "other", "other"]);
  });
});
