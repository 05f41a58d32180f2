/**
 * Example values for the OpenAPI document, made from the JSON schemas the route schemas turn into.
 * An example is only kept when the route's own zod schema accepts it (see openapi-document.ts), so a
 * pattern or a refinement this generator cannot satisfy costs the example, never a wrong one.
 */

/** The subset of JSON Schema (OpenAPI 3.1) the generator and the docs page read. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  examples?: unknown[];
  description?: string;
  contentMediaType?: string;
};

const MAX_DEPTH = 8;

/** Plausible strings of this product, tried in order against a string schema's pattern, format and length. */
const STRING_CANDIDATES = [
  '2026-05-01',
  '2026-05',
  '2026-05-01T08:30:00.000Z',
  'USD',
  '123456',
  '1001',
  '12.50',
  'Asia/Shanghai',
  'merchant@example.com',
  '+8613800000000',
  '13800000000',
  'zh_CN',
  'A1b2c3d4!x',
  'T202605010000001',
  'example',
  'a',
];

/** A few field names whose meaning decides a better sample than the generic one. */
const NAMED_STRINGS: Record<string, string> = {
  email: 'merchant@example.com',
  currency: 'USD',
  timezone: 'Asia/Shanghai',
  from: '2026-05-01',
  to: '2026-05-31',
  // One password for the new one and its confirmation, another for the current one.
  password: 'A1b2c3d4!x',
  newPassword: 'A1b2c3d4!x',
  confirmPassword: 'A1b2c3d4!x',
  oldPassword: 'Z9y8x7w6!v',
  mobile: '+8613800000000',
  phone: '+8613800000000',
  loginName: 'admin',
  merchantNo: '1001',
  amountMin: '10.00',
  amountMax: '100.00',
  ip: '203.0.113.10',
  name: 'Example',
  businessName: 'Example Trading Ltd',
};

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false; // a pattern JavaScript cannot read: no example rather than a guess
  }
}

function fitsString(schema: JsonSchema, value: string): boolean {
  if (schema.minLength !== undefined && value.length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !matches(schema.pattern, value)) return false;
  if (schema.format === 'email' && !value.includes('@')) return false;
  if (schema.format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value))) return false;
  return true;
}

function sampleString(schema: JsonSchema, name: string | undefined): string | undefined {
  if (schema.format === 'binary' || schema.contentMediaType) return undefined;
  if (schema.format === 'date-time') return '2026-05-01T08:30:00.000Z';
  if (schema.format === 'date') return '2026-05-01';
  if (schema.format === 'email') return 'merchant@example.com';
  if (schema.format === 'uuid') return '3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f';
  if (schema.format === 'uri') return 'https://shop.example.com';
  const named = name !== undefined ? NAMED_STRINGS[name] : undefined;
  // A free-text field reads best with a word; the candidates are for fields with a pattern or a format.
  const generic = schema.pattern === undefined && schema.format === undefined ? ['example'] : [];
  const tries = [...(named !== undefined ? [named] : []), ...generic, ...STRING_CANDIDATES];
  const found = tries.find((c) => fitsString(schema, c));
  if (found !== undefined) return found;
  if (schema.pattern === undefined && schema.minLength !== undefined) return 'x'.repeat(schema.minLength);
  return undefined;
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const high = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : undefined);
  let value = low !== undefined && low > 1 ? low : 1;
  if (high !== undefined && value > high) value = high;
  return integer ? Math.ceil(value) : value;
}

type Resolve = (ref: string) => JsonSchema | undefined;

/**
 * A value that satisfies `schema` as far as its keywords say, or undefined when none could be made.
 * Optional object fields are filled too (an example shows what can be sent), except when they cannot be.
 */
export function sampleOf(schema: JsonSchema, resolve: Resolve, name?: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  if (schema.$ref !== undefined) {
    const target = resolve(schema.$ref);
    return target ? sampleOf(target, resolve, name, depth + 1) : undefined;
  }
  if (schema.examples !== undefined && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  for (const options of [schema.anyOf, schema.oneOf]) {
    if (!options) continue;
    // Prefer a real value over null, so that a nullable field still shows what it holds.
    const ordered = [...options.filter((o) => !typesOf(o).includes('null')), ...options.filter((o) => typesOf(o).includes('null'))];
    for (const option of ordered) {
      const value = sampleOf(option, resolve, name, depth + 1);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (schema.allOf) return sampleOf(Object.assign({}, ...schema.allOf) as JsonSchema, resolve, name, depth + 1);

  const types = typesOf(schema);
  const type = types.find((t) => t !== 'null') ?? types[0] ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        const value = sampleOf(sub, resolve, key, depth + 1);
        if (value !== undefined) out[key] = value;
        else if (required.has(key)) return undefined;
      }
      return out;
    }
    case 'array': {
      if (!schema.items) return [];
      const item = sampleOf(schema.items, resolve, name, depth + 1);
      if (item === undefined) return schema.minItems ? undefined : [];
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'string':
      return sampleString(schema, name);
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return undefined;
  }
}
