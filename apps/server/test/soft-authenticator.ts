import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * A software WebAuthn authenticator for API tests: it makes the answers a browser would hand over
 * (attestation "none", ES256 keys, user present and verified), from options the server gave, so a test
 * can register a passkey and sign challenges without a browser. The wrong origin or rpID, a counter
 * set back and a foreign credential are knobs of its methods.
 */

/** The little of CBOR that attestation objects and COSE keys need. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

const b64 = (b: Buffer) => b.toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();

export type SoftCredential = { id: Buffer; privateKey: KeyObject; publicKey: KeyObject; counter: number };
type Options = { challenge: string; rp?: { id?: string }; rpId?: string };
type Overrides = { origin?: string; rpId?: string; counter?: number };

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(readonly origin: string) {}

  /** The RegistrationResponseJSON for options from registerOptions. */
  register(options: Options, o: Overrides = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const cred: SoftCredential = { id: randomBytes(32), privateKey, publicKey, counter: 0 };
    this.credentials.push(cred);
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(String(jwk.x), 'base64url')],
        [-3, Buffer.from(String(jwk.y), 'base64url')],
      ]),
    );
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(cred.id.length);
    const authData = Buffer.concat([
      sha256(o.rpId ?? options.rp?.id ?? ''),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLen,
      cred.id,
      cose,
    ]);
    const clientData = { type: 'webauthn.create', challenge: options.challenge, origin: o.origin ?? this.origin, crossOrigin: false };
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: b64(cred.id),
      rawId: b64(cred.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(Buffer.from(JSON.stringify(clientData))),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The AuthenticationResponseJSON for options from an assertion options call, signed by `cred` (default: the last made). */
  assert(options: Options, cred = this.credentials.at(-1), o: Overrides = {}) {
    if (!cred) throw new Error('no credential');
    cred.counter = o.counter ?? cred.counter + 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(cred.counter);
    const authData = Buffer.concat([sha256(o.rpId ?? options.rpId ?? ''), Buffer.from([0x05]), count]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: o.origin ?? this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), cred.privateKey);
    return {
      id: b64(cred.id),
      rawId: b64(cred.id),
      type: 'public-key' as const,
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authData), signature: b64(signature) },
      clientExtensionResults: {},
    };
  }
}
