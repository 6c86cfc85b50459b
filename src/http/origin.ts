// The absolute origin for links in emails. PUBLIC_URL wins: the Host header is chosen by
// the client, so production must set PUBLIC_URL or a forged Host could redirect a link.
import type { Config } from "../config";

export function siteOrigin(config: Pick<Config, "publicUrl">, request: Request): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  return new URL(request.url).origin;
}
