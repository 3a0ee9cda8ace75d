/**
 * The games' sounds: short tones made with Web Audio (no files to download), off until the
 * player turns them on; the choice is remembered on this device.
 */
const STORAGE_KEY = 'banca.house.sound';
let context: AudioContext | null = null;

export function soundEnabled(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setSoundEnabled(on: boolean): void {
  try {
    localStorage.setItem(STORAGE_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}

export type Sound = 'bet' | 'win' | 'lose' | 'tick' | 'gem' | 'boom';
const TONES: Record<Sound, { hz: number; ms: number; type: OscillatorType; slideTo?: number }> = {
  bet: { hz: 420, ms: 70, type: 'triangle' },
  tick: { hz: 900, ms: 25, type: 'square' },
  win: { hz: 660, ms: 260, type: 'triangle', slideTo: 1320 },
  lose: { hz: 300, ms: 220, type: 'sawtooth', slideTo: 150 },
  gem: { hz: 880, ms: 120, type: 'sine', slideTo: 1200 },
  boom: { hz: 120, ms: 400, type: 'sawtooth', slideTo: 40 },
};

export function play(sound: Sound): void {
  if (!soundEnabled() || typeof AudioContext === 'undefined') return;
  context ??= new AudioContext();
  const tone = TONES[sound];
  const osc = context.createOscillator();
  const gain = context.createGain();
  const t = context.currentTime;
  osc.type = tone.type;
  osc.frequency.setValueAtTime(tone.hz, t);
  if (tone.slideTo) osc.frequency.exponentialRampToValueAtTime(tone.slideTo, t + tone.ms / 1000);
  gain.gain.setValueAtTime(0.08, t);
  gain.gain.exponentialRampToValueAtTime(0.0001, t + tone.ms / 1000);
  osc.connect(gain).connect(context.destination);
  osc.start(t);
  osc.stop(t + tone.ms / 1000);
}
