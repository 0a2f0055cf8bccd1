/**
 * TRUST_PROXY → Express' 'trust proxy' setting: which proxies' X-Forwarded-For / X-Forwarded-Proto to believe.
 * Unset or 'false': none (request.ip is the socket's peer; a forged header changes nothing). A number: that many
 * proxy hops in front. Otherwise a comma-separated list of addresses, CIDR ranges or Express' names (loopback,
 * linklocal, uniquelocal). 'true' (trust any sender) is refused: anyone could then choose their own address.
 */
export function trustProxySetting(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text.toLowerCase() === 'true') {
    throw new Error('TRUST_PROXY=true would let any client choose its own address; give the hop count or the proxy addresses instead.');
  }
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}
