import fc from 'fast-check';

/**
 * fast-check arbitraries built from the OpenAPI document's JSON schemas: values the schema allows
 * (`valid`) and values that break it (`mutated`: wrong types, odd strings, missing or extra fields).
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
  const?: unknown;
};

/** Strings people type, and the odd ones: emoji, NUL, accents, HTML, whitespace. */
const oddString = fc.oneof(
  fc.constantFrom('', ' ', 'a\u0000b', '🏕️🔥', 'João Ção', '<script>alert(1)</script>', '1.234,56', '-1', '0020-02-29T00:00:00Z', '2024-02-30', 'null', '💥'.repeat(300)),
  fc.string({ maxLength: 40 }),
);

function stringFor(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, 80));
  switch (s.format) {
    case 'email':
      return fc.emailAddress().filter((e) => e.length <= max);
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    default:
      // The pattern bounds the length itself (a push key is 80–120 characters): filter only on the
      // schema's own limits, or a pattern longer than the default cap would never yield a value.
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }).filter((v) => v.length >= min);
  }
}

function numberFor(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? -1000);
  const hi = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : (s.maximum ?? 100000);
  const min = Math.max(lo, -1_000_000_000);
  const max = Math.min(Math.max(hi, min), 1_000_000_000);
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema allows. */
export function valid(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => valid(a, depth + 1)));
  if (s.allOf?.length) return valid(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(s);
      case 'integer':
        return numberFor(s, true);
      case 'number':
        return numberFor(s, false);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valid(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) });
      case 'object': {
        const props = s.properties ?? {};
        const required = new Set(s.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(props)) record[k] = valid(v, depth + 1);
        return fc.record(record, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
      }
      default:
        return fc.constant('x');
    }
  })();
  return s.nullable || (Array.isArray(s.type) && s.type.includes('null')) ? fc.oneof(base, fc.constant(null)) : base;
}

/** Values that break the schema somewhere: a wrong type, an odd string, a field dropped or added. */
export function mutated(s: Schema | undefined): fc.Arbitrary<unknown> {
  const wrongScalar = fc.oneof(oddString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
  if (!s || (s.type !== 'object' && !s.properties)) return wrongScalar;
  const keys = Object.keys(s.properties ?? {});
  if (keys.length === 0) return fc.oneof(wrongScalar, fc.dictionary(fc.string({ maxLength: 8 }), wrongScalar, { maxKeys: 3 }));
  return fc.tuple(valid(s), fc.constantFrom(...keys), wrongScalar, fc.integer({ min: 0, max: 2 })).map(([value, key, bad, how]) => {
    const obj = { ...(value as Record<string, unknown>) };
    if (how === 0) obj[key] = bad;
    else if (how === 1) delete obj[key];
    else obj.campo_extra = bad;
    return obj;
  });
}
