import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guardedLookup, isForbiddenAddress } from '../../src/domains/webhooks/address-policy.ts';
import { parseTargetUrl } from '../../src/domains/webhooks/target-url.ts';

describe('webhook address policy', () => {
  it('refuses loopback, private, link-local, unique-local, multicast and reserved addresses', () => {
    for (const address of [
      '127.0.0.1', '127.255.255.254', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254',
      '100.64.0.1', '0.0.0.0', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.2.10', '198.18.0.1',
      '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1', '2001:db8::1', '64:ff9b::7f00:1', '::127.0.0.1',
      '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:0:a9fe:a9fe', '2002:7f00:1::1', '2002:c0a8:101::1',
    ]) {
      assert.equal(isForbiddenAddress(address), true, address);
    }
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:93.184.216.34', '2002:5db8:d822::1']) {
      assert.equal(isForbiddenAddress(address), false, address);
    }
  });

  it('sees numeric host forms as the dotted address they are', () => {
    for (const form of ['2130706433', '0x7f.1', '017700000001', '127.1', '0x7f000001', '0177.0.0.1', '127.0.1']) {
      const host = parseTargetUrl(`https://${form}/hook`).hostname;
      assert.equal(isForbiddenAddress(host), true, `${form} → ${host}`);
    }
  });

  it('fails a connection-time lookup that resolves to a forbidden address', async () => {
    const outcome = await new Promise<{ error: Error | null }>((resolve) => guardedLookup('localhost', { all: true }, (error) => resolve({ error })));
    assert.match(String(outcome.error?.message), /may not reach/);
  });
});
