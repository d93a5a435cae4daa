"use client";

import { useLinkStatus } from "next/link";
import { Spinner } from "@/components/ui/spinner";

/**
 * Inside a link to a client's page: a small spinner while the page is on its way, the feedback a
 * click gets now that the page has no pending view (a streamed pending view held its content back:
 * docs/speed.md "The admin client page at first paint"). Screen readers hear the new page's title
 * from the router's announcer when it arrives.
 */
export function OpeningMark() {
  const { pending } = useLinkStatus();
  return pending ? <Spinner size="sm" className="ml-2 align-middle" /> : null;
}
