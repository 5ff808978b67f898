// The inbox's audit log SQL: the operators' paged view of it (STYLE R13).

export interface AuditRow {
  id: string;
  actor: string;
  action: string;
  agent_id: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
}

/** Audit entries, newest first: one mailbox's, or all when $1 is NULL. $1 = agent id, $2 = limit, $3 = offset. */
export const LIST_AUDIT_SQL = `
  SELECT id, actor, action, agent_id, detail, created_at
    FROM inbox_audit
   WHERE ($1::uuid IS NULL OR agent_id = $1)
   ORDER BY created_at DESC LIMIT $2 OFFSET $3`;
