import { describe, expect, it } from 'vitest';
import { frameableLaunchUrl } from './launch-url';

describe('frameableLaunchUrl', () => {
  it('accepts absolute http(s) game addresses', () => {
    expect(frameableLaunchUrl('https://games.example.com/play?t=1')).toBe(
      'https://games.example.com/play?t=1',
    );
  });

  it('refuses everything a frame must not load', () => {
    expect(frameableLaunchUrl(null)).toBeNull();
    expect(frameableLaunchUrl('')).toBeNull();
    expect(frameableLaunchUrl('javascript:alert(1)')).toBeNull();
    expect(frameableLaunchUrl('data:text/html,hi')).toBeNull();
    expect(frameableLaunchUrl('/relative/path')).toBeNull();
  });
});
