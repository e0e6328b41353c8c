/** The schema rewrite of the Lambda build (infra/lib/bundling.ts) changes key syntax only, never a value. */
import { describe, expect, it } from 'vitest';
import { literalSchemaKeys } from '../../../../infra/lib/bundling';

const schemaModule = [
  'const _hH = "httpHeader";',
  'export const _e = "error";',
  'const _xN = "xmlName";',
  'let _n = "mutable";',
  'export var HeadObjectRequest$ = [3, n0, _HOR, 0, [_B], [[0, { [_hH]: "x-amz-meta" }], [0, { [_e]: _c, [_n]: 1, [_hQ]: 2 }]]];',
].join('\n');

describe('literalSchemaKeys', () => {
  it('turns computed keys naming a module string constant into that string', () => {
    const out = literalSchemaKeys(schemaModule);
    expect(out).toContain('{ "httpHeader": "x-amz-meta" }');
    expect(out).toContain('"error": _c');
  });

  it('leaves keys alone that name anything else (a mutable binding, an undeclared name)', () => {
    const out = literalSchemaKeys(schemaModule);
    expect(out).toContain('[_n]: 1');
    expect(out).toContain('[_hQ]: 2');
  });

  it('builds the same objects', () => {
    const evaluate = (src: string) => new Function(`const n0 = "ns", _HOR = "R", _B = "B", _c = "client", _hQ = "httpQuery";\n${src.replace(/export /g, '')}\nreturn HeadObjectRequest$;`)();
    expect(evaluate(literalSchemaKeys(schemaModule))).toEqual(evaluate(schemaModule));
  });
});
