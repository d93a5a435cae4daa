"use client";

import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog (the page's print styles hide the navigation). */
export function PrintButton({ label }: { label: string }) {
  return (
    <Button variant="secondary" size="sm" className="print:hidden" onClick={() => window.print()}>
      {label}
    </Button>
  );
}
