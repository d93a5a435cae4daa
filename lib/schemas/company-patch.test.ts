import { companyFormSchema, companyPatchFields, companyPatchFieldNames, companyRequiredFields } from "./company-patch";

describe("company patch fields", () => {
  test("the names the browser's form uses are exactly the schema's fields, in its order", () => {
    expect(Object.keys(companyPatchFields)).toEqual([...companyPatchFieldNames]);
    expect(Object.keys(companyFormSchema.shape)).toEqual([...companyPatchFieldNames]);
  });

  test("a required field refuses a blank value, an optional one takes it", () => {
    for (const field of companyPatchFieldNames) {
      const blank = companyPatchFields[field].safeParse("");
      expect({ field, refused: !blank.success }).toEqual({ field, refused: companyRequiredFields.includes(field) });
    }
  });
});
