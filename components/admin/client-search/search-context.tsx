"use client";

import { createContext, use, useCallback, useMemo, useOptimistic, useTransition, type ReactNode } from "react";
import { usePathname, useRouter } from "next/navigation";
import { searchHref, type SearchState } from "@/lib/schemas/client-search-params";

interface SearchContextValue {
  /** The search as shown: the URL's, or the one being loaded (optimistic). */
  state: SearchState;
  /** Loads another search: replaces the URL (no history entry) and re-renders the results on the server. */
  navigate: (next: SearchState) => void;
  /** True while the results of a new search are loading. */
  isPending: boolean;
}

const SearchContext = createContext<SearchContextValue | null>(null);

export function useClientSearch(): SearchContextValue {
  const value = use(SearchContext);
  if (!value) throw new Error("useClientSearch outside <ClientSearchProvider>");
  return value;
}

/**
 * Holds the client list's search. Every change goes to the URL with `router.replace`; the page
 * reads the URL on the server and renders the new results, so the URL is the only state and a
 * reload shows the same thing. Controls reflect a change at once (useOptimistic) while its results load.
 */
export function ClientSearchProvider({ state, children }: { state: SearchState; children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const [isPending, startTransition] = useTransition();
  const [optimistic, setOptimistic] = useOptimistic(state);

  const navigate = useCallback(
    (next: SearchState) => {
      startTransition(() => {
        setOptimistic(next);
        router.replace(searchHref(pathname, next), { scroll: false });
      });
    },
    [pathname, router, setOptimistic],
  );

  const value = useMemo(() => ({ state: optimistic, navigate, isPending }), [optimistic, navigate, isPending]);
  return <SearchContext value={value}>{children}</SearchContext>;
}
