import { getRequestConfig } from "next-intl/server";
import messages from "@/messages/en-GB.json";

export const locale = "en-GB";
export const timeZone = "Europe/London";

export default getRequestConfig(async () => ({ locale, timeZone, messages }));
