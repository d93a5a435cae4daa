import { getDb } from "@/db";
import { getEnv } from "@/lib/env";
import { assertSameOrigin, json, parseWith, readJson, requestMeta, route } from "@/lib/http";
import { wakeWorker } from "@/lib/jobs/worker";
import { enquirySchema } from "@/lib/schemas/enquiry";
import { createEnquiry } from "@/lib/server/enquiries/create-enquiry";

export const POST = route(async (request: Request) => {
  assertSameOrigin(request, getEnv().APP_URL);
  const input = parseWith(enquirySchema, await readJson(request));
  const { id } = await createEnquiry({ db: await getDb(), input, ...requestMeta(request) });
  wakeWorker();
  return json({ success: true, id }, { status: 201 });
});
