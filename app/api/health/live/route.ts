import { route } from "@/lib/route";

export const dynamic = "force-dynamic";

/**
 * Liveness, for Kubernetes' liveness probe and Docker: the process answers. Nothing else is checked
 * (not the database: a database outage must not get every instance restarted); GET
 * /api/health/ready says whether the instance should get traffic. Public, no database opened.
 */
export const GET = route({ auth: "public", db: false }, () => ({ status: "ok" }));
