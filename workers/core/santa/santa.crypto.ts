/**
 * Sealing Secret Santa names and postal addresses at rest (docs/decisions/0032): AES-256-GCM through WebCrypto,
 * a fresh 96-bit IV per write, and the exchange and member as associated data, so a sealed value copied onto
 * another application does not open. Stored as `v1.<base64 iv>.<base64 ciphertext+tag>`.
 *
 * No imports: scripts/demo-santa.mjs (Node) seals the demo addresses with the same code.
 */

export interface SealedAddress {
  full_name: string;
  address: string;
}

const VERSION = "v1";

function fromBase64(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES-GCM key from its base64 form (32 bytes), imported once per isolate. */
export function addressKey(base64: string): Promise<CryptoKey> {
  let key = keys.get(base64);
  if (!key) {
    key = crypto.subtle.importKey("raw", fromBase64(base64), { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    keys.set(base64, key);
  }
  return key;
}

function associatedData(exchangeId: number, userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`santa:${exchangeId}:${userId}`);
}

export async function sealAddress(
  keyBase64: string,
  owner: { exchangeId: number; userId: number },
  value: SealedAddress,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify({ full_name: value.full_name, address: value.address }));
  const cipher = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: associatedData(owner.exchangeId, owner.userId) },
    await addressKey(keyBase64),
    plain,
  );
  return `${VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(cipher))}`;
}

/** The name and address, or null when the value is missing (deleted), malformed or fails authentication. */
export async function openAddress(
  keyBase64: string,
  owner: { exchangeId: number; userId: number },
  sealed: string | null,
): Promise<SealedAddress | null> {
  if (!sealed) return null;
  const [version, iv, cipher] = sealed.split(".");
  if (version !== VERSION || !iv || !cipher) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: associatedData(owner.exchangeId, owner.userId) },
      await addressKey(keyBase64),
      fromBase64(cipher),
    );
    const parsed = JSON.parse(new TextDecoder().decode(plain)) as Partial<SealedAddress>;
    return { full_name: String(parsed.full_name ?? ""), address: String(parsed.address ?? "") };
  } catch {
    return null;
  }
}
