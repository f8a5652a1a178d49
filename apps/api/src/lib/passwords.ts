import { hash, verify } from "@node-rs/argon2";

// @node-rs/argon2 defaults to argon2id; these are OWASP's recommended minimums.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
