import Link from "next/link";
import { ExternalLink } from "./external-link";

export interface ListedLink {
  href: string;
  /** The link's text (translated). */
  label: string;
  /** Another site's page: opens in a new tab, and says so (ExternalLink). */
  external?: boolean;
}

export interface LinkListProps {
  links: readonly ListedLink[];
  className?: string;
}

/** A list of links, one item each (e.g. the footer's policy links, GOV.UK guidance). */
export function LinkList({ links, className }: LinkListProps) {
  return (
    <ul className={className}>
      {links.map(({ href, label, external }) => (
        <li key={href}>
          {external ? (
            <ExternalLink href={href}>{label}</ExternalLink>
          ) : (
            <Link href={href}>{label}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}
