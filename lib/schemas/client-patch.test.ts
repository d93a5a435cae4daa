import { clientFormSchema, clientPatchFields, paymentRecordFields } from "./client-patch";
import { clientPatchFieldNames, paymentRecordFieldNames } from "./client-patch-fields";

describe("the client's patchable fields", () => {
  it("are the schema's, in the same order", () => {
    expect(Object.keys(clientPatchFields)).toEqual([...clientPatchFieldNames]);
    expect(Object.keys(paymentRecordFields)).toEqual([...paymentRecordFieldNames]);
    expect(Object.keys(clientFormSchema.shape)).toEqual([...clientPatchFieldNames, ...paymentRecordFieldNames]);
  });
});
