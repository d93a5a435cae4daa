import { sql, type SQL } from "drizzle-orm";
import { clients, directors } from "@/db/schema";
import type { ClientSearchRequest } from "@/lib/schemas/client-search";
import { c, d, orderTerm } from "./sql-parts";
import { sortOf } from "./sorts";

/*
 * The JSON rows of a page. The page is found on ids and sort keys only; the row JSON and the
 * director count are built for the rows of the page alone.
 */

const clientJson = sql`'id', ${c.id}, 'name', ${c.name}, 'reference', ${c.reference}, 'sageId', ${c.sageId},
  'companyId', ${c.companyId}, 'mainContactEmail', ${c.mainContactEmail}, 'productTier', ${c.productTier},
  'status', ${c.status}, 'journey', ${c.journey}, 'owner', ${c.owner}, 'unitPrice', ${c.unitPrice},
  'fullPrice', ${c.fullPrice}, 'createdAt', ${c.createdAt}, 'updatedAt', ${c.updatedAt}, 'inKantata', ${c.inKantata},
  'kantataReference', ${c.kantataReference}, 'isDeleted', ${c.isDeleted},
  'directorCount', ${c.directorCount}, 'nextVerifyBy', ${c.nextVerifyBy}, 'overdue', coalesce(${c.nextVerifyBy} < uk_today(), false)`;

const directorJson = sql`'directorId', ${d.id}, 'directorName', ${d.name}, 'directorEmail', ${d.email},
  'directorReference', ${d.reference}, 'directorStatus', ${d.status}, 'priceOverride', ${d.priceOverride},
  'idvNumber', ${d.idvNumber}, 'directorIsDeleted', ${d.isDeleted}`;

/** The JSON rows of a client-view page, from the CTE "page" (`id`, sort key `k`), in its order. */
export function clientRows(query: ClientSearchRequest): SQL {
  const sort = sortOf(query);
  return sql`select coalesce(json_agg(json_build_object(${clientJson})
      order by ${orderTerm(sql`"p"."k"`, query.sortDirection, sort.nullable)}, ${orderTerm(sql`"p"."id"`, query.sortDirection)}), '[]'::json)
    from "page" as "p" join ${clients} ${c} on ${c.id} = "p"."id"`;
}

/** The JSON rows of an individual-view page, from the CTE `from` (`id`, sort key `k`, client `cid`), in its order. */
export function individualRows(query: ClientSearchRequest, from = "page"): SQL {
  const sort = sortOf(query);
  const dir = query.sortDirection;
  const rowOrder = [orderTerm(sql`"p"."k"`, dir, sort.nullable), ...(sort.director ? [] : [orderTerm(sql`"p"."cid"`, dir)]), orderTerm(sql`"p"."id"`, dir)];
  return sql`select coalesce(json_agg(json_build_object(${clientJson}, ${directorJson}) order by ${sql.join(rowOrder, sql`, `)}), '[]'::json)
    from ${sql.identifier(from)} as "p" join ${directors} ${d} on ${d.id} = "p"."id" join ${clients} ${c} on ${c.id} = ${d.clientId}`;
}
