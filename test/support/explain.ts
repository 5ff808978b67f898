// EXPLAIN for the plan tests: runs `EXPLAIN (FORMAT JSON)` on a hot statement and flattens the plan
// tree, so a test can ask which scans the planner chose on which tables.

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Runs SQL and returns its rows (TestApp.sql, or a pg client wrapped the same way). */
export type SqlRunner = <T extends Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** Every node of a plan, the root first, depth first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** The plan of one statement with its parameters, flattened (the root first). */
export async function explainPlan(sql: SqlRunner, statement: string, params: unknown[] = []): Promise<PlanNode[]> {
  const [row] = await sql<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (FORMAT JSON) ${statement}`, params);
  return planNodes(row['QUERY PLAN'][0].Plan);
}
