// A short tone made by Web Audio (no sound file to ship). Browsers keep audio silent until the
// page has had a click or a key: `unlockSound()` from such an event lets later beeps play.
let context = null;

function audioContext() {
  const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext || window.webkitAudioContext : undefined;
  if (!AudioContextClass) return null;
  if (!context) context = new AudioContextClass();
  return context;
}

export function unlockSound() {
  try {
    const ctx = audioContext();
    if (ctx && ctx.state === 'suspended') ctx.resume().catch(() => {});
  } catch {
    /* no audio on this browser: the page stays silent */
  }
}

// Two quick notes rising; answers whether a sound was started.
export function beep() {
  try {
    const ctx = audioContext();
    if (!ctx) return false;
    const now = ctx.currentTime;
    [660, 880].forEach((frequency, i) => {
      const start = now + i * 0.16;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, start);
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.14);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.15);
    });
    return true;
  } catch {
    return false;
  }
}
