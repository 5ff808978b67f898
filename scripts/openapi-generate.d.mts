export const CLIENT_TYPES_FILE: string;
export const API_REFERENCE_FILE: string;
export function clientTypes(document: unknown): Promise<string>;
export function operationsTable(document: unknown): string;
export function withOperationsTable(markdown: string, document: unknown): string;
