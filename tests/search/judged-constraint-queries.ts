import type { Template } from '../../src/schemas/template.ts';
import type { JudgedQuery } from './judged-queries.ts';

const free = (t: Template) => t.tier === 'free';
const premium = (t: Template) => t.tier === 'premium';
const vertical = (t: Template) => t.formats.includes('9:16');
const horizontal = (t: Template) => t.formats.includes('16:9');
const seconds = (min: number, max = Infinity) => (t: Template) => t.durationSeconds >= min && t.durationSeconds <= max;
/** "under N" and "over N" exclude N. */
const secondsBelow = (n: number) => (t: Template) => t.durationSeconds < n;
const secondsAbove = (n: number) => (t: Template) => t.durationSeconds > n;
const centsBelow = (n: number) => (t: Template) => t.priceCents < n;
const cents = (min: number, max = Infinity) => (t: Template) => t.priceCents >= min && t.priceCents <= max;
const voice = (t: Template) => t.editable?.voice === true;
const music = (t: Template) => t.editable?.music === true;
const all = (...tests: ((t: Template) => boolean)[]) => (t: Template) => tests.every((test) => test(t));

/**
 * Queries with a constraint written in their words (tier, format, duration, editable parts,
 * price), each with the constraint stated independently of the search (`meets`), and topical
 * queries whose filter word is what a template is about (`first`).
 */
export const CONSTRAINT_QUERIES: readonly JudgedQuery[] = [
  // tier
  { q: 'free portrait launch clip', kind: 'tier', meets: all(free, vertical), answers: ['minimal-product-launch', 'retro-vhs-launch', 'unboxing-first-look'] },
  { q: 'a premium 16:9 promo', kind: 'tier', meets: all(premium, horizontal), answers: ['fintech-app-trust-promo', 'fitness-app-energy-promo', 'food-delivery-app-promo', 'integration-hub-promo'] },
  { q: 'free countdown', kind: 'tier', meets: free, answers: ['webinar-registration-countdown'] },
  { q: 'paid testimonial video', kind: 'tier', meets: premium, answers: ['video-testimonial-interview', 'ugc-selfie-testimonial', 'case-study-results-story', 'star-rating-stat-burst'] },
  { q: 'free of charge hiring video', kind: 'tier', meets: free, answers: ['were-hiring-bold-type', 'role-spotlight-job-card'] },
  { q: 'no cost webinar', kind: 'tier', meets: free, answers: ['webinar-registration-countdown', 'live-stream-starting-soon'] },
  // format, platform names included where they name one format
  { q: 'tiktok sale', kind: 'format', meets: vertical, answers: ['flash-sale-ticker', 'summer-sale-splash', 'bundle-deal-builder', 'black-friday-countdown', 'black-friday-product-grid', 'free-shipping-weekend'] },
  { q: 'reels hiring', kind: 'format', meets: vertical, answers: ['remote-team-hiring-globe', 'were-hiring-bold-type', 'meet-the-team-hiring-reel', 'role-spotlight-job-card'] },
  { q: 'horizontal keynote opener', kind: 'format', meets: horizontal, answers: ['keynote-stage-opener'] },
  { q: 'shorts teaser', kind: 'format', meets: vertical, answers: ['blur-reveal-teaser', 'coming-soon-glitch-teaser', 'podcast-audiogram-teaser', 'meme-format-teaser', 'countdown-story-sequence'] },
  { q: 'podcast teaser in 9x16', kind: 'format', meets: vertical, answers: ['podcast-audiogram-teaser'] },
  { q: 'hiring video in landscape mode', kind: 'format', meets: horizontal, answers: ['remote-team-hiring-globe', 'were-hiring-bold-type', 'graduate-program-recruitment', 'culture-values-manifesto'] },
  // duration
  { q: 'countdown under 20 seconds', kind: 'duration', meets: secondsBelow(20), answers: ['webinar-registration-countdown', 'countdown-story-sequence', 'black-friday-countdown'] },
  { q: 'a 15-second promo', kind: 'duration', meets: seconds(15, 15), answers: ['food-delivery-app-promo', 'swipe-through-app-promo'] },
  { q: 'launch video at least a minute long', kind: 'duration', meets: seconds(60), answers: ['cinematic-hero-reveal', 'keynote-stage-opener'] },
  { q: 'testimonial longer than 30 s', kind: 'duration', meets: secondsAbove(30), answers: ['video-testimonial-interview', 'case-study-results-story'] },
  { q: 'testimonial 30 s or more', kind: 'duration', meets: seconds(30), answers: ['ugc-selfie-testimonial', 'video-testimonial-interview', 'case-study-results-story'] },
  { q: 'sale between 10 and 20 seconds', kind: 'duration', meets: seconds(10, 20), answers: ['summer-sale-splash', 'free-shipping-weekend', 'black-friday-product-grid', 'black-friday-countdown', 'bundle-deal-builder'] },
  { q: 'logo sting up to 10 sec', kind: 'duration', meets: seconds(0, 10), answers: ['liquid-logo-sting'] },
  { q: 'event invite 20s', kind: 'duration', meets: seconds(20, 20), answers: ['community-meetup-invite', 'gala-save-the-date'] },
  { q: 'hiring video 45 seconds or less', kind: 'duration', meets: seconds(0, 45), answers: ['were-hiring-bold-type', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe', 'role-spotlight-job-card'] },
  { q: 'product demo up to a minute', kind: 'duration', meets: seconds(0, 60), answers: ['cursor-click-walkthrough'] },
  { q: 'demo under a minute', kind: 'duration', meets: secondsBelow(60), answers: ['dashboard-feature-spotlight', 'pricing-plan-explainer'] },
  { q: 'sale shorter than 15 seconds', kind: 'duration', meets: secondsBelow(15), answers: ['flash-sale-ticker', 'free-shipping-weekend', 'black-friday-product-grid'] },
  { q: 'event invite at most 20 seconds', kind: 'duration', meets: seconds(0, 20), answers: ['community-meetup-invite', 'gala-save-the-date', 'webinar-registration-countdown'] },
  { q: '1.5 minute keynote', kind: 'duration', meets: seconds(90, 90), answers: ['keynote-stage-opener'] },
  { q: 'intro 6-15 seconds', kind: 'duration', meets: seconds(6, 15), answers: ['brand-colors-mosaic-intro', 'liquid-logo-sting'] },
  // editable parts
  { q: 'app promo with a voice-over', kind: 'editable', meets: voice, answers: ['fintech-app-trust-promo', 'calm-wellness-app-spot', 'mobile-game-launch-trailer'] },
  { q: 'launch with voiceover', kind: 'editable', meets: voice, answers: ['cinematic-hero-reveal', 'keynote-stage-opener', 'mobile-game-launch-trailer', 'unboxing-first-look', 'ai-assistant-feature-launch'] },
  { q: 'brand story with narration', kind: 'editable', meets: voice, answers: ['brand-origin-story'] },
  { q: 'testimonial without music', kind: 'editable', meets: (t) => t.editable?.music !== true, answers: ['star-rating-stat-burst'] },
  { q: 'product grid with 9 images', kind: 'editable', meets: (t) => t.editable?.images === 9, answers: ['black-friday-product-grid'] },
  { q: 'sale with at least 5 images', kind: 'editable', meets: (t) => (t.editable?.images ?? 0) >= 5, answers: ['summer-sale-splash', 'black-friday-product-grid', 'bundle-deal-builder', 'new-arrivals-lookbook', 'holiday-gift-guide'] },
  { q: 'quote card with 4 text lines', kind: 'editable', meets: (t) => t.editable?.text === 4, answers: ['quote-card-testimonial'] },
  // price per export
  { q: 'launch under $20', kind: 'price', meets: centsBelow(2000), answers: ['minimal-product-launch', 'retro-vhs-launch', 'launch-day-split-screen', 'pre-order-launch-teaser', 'launch-week-daily-drop'] },
  { q: 'app promo under 15 dollars', kind: 'price', meets: centsBelow(1500), answers: ['food-delivery-app-promo', 'swipe-through-app-promo', 'calm-wellness-app-spot'] },
  { q: 'app promo up to 15 dollars', kind: 'price', meets: cents(0, 1500), answers: ['food-delivery-app-promo', 'fitness-app-energy-promo', 'swipe-through-app-promo', 'calm-wellness-app-spot'] },
  { q: 'hiring video for $9', kind: 'price', meets: cents(900, 900), answers: ['remote-team-hiring-globe'] },
  // several at once
  { q: 'free vertical sale under 20 s', kind: 'combined', meets: all(free, vertical, secondsBelow(20)), answers: ['flash-sale-ticker', 'free-shipping-weekend', 'black-friday-product-grid'] },
  { q: 'premium landscape launch at least 30 seconds with music', kind: 'combined', meets: all(premium, horizontal, seconds(30), music), answers: ['neon-countdown-launch', 'cinematic-hero-reveal', 'keynote-stage-opener', 'mobile-game-launch-trailer'] },
  { q: 'vertical hiring video with a voice-over under $30', kind: 'combined', meets: all(vertical, voice, centsBelow(3000)), answers: ['meet-the-team-hiring-reel'] },
  { q: 'a free 16:9 explainer of 60 seconds with a voiceover', kind: 'combined', meets: all(free, horizontal, seconds(60, 60), voice), answers: ['cursor-click-walkthrough'] },
  // a filter word that is what a template is about stays a word
  { q: 'free shipping', kind: 'topical', first: 'free-shipping-weekend', answers: ['free-shipping-weekend'] },
  { q: 'free shipping promo for our shop', kind: 'topical', first: 'free-shipping-weekend', answers: ['free-shipping-weekend'] },
  { q: 'meme format', kind: 'topical', first: 'meme-format-teaser', answers: ['meme-format-teaser'] },
  { q: 'vertical format teaser', kind: 'topical', meets: vertical, first: 'meme-format-teaser', answers: ['meme-format-teaser'] },
  { q: 'paid social hook', kind: 'topical', first: 'three-second-hook-teaser', answers: ['three-second-hook-teaser'] },
  { q: 'three second hook', kind: 'topical', first: 'three-second-hook-teaser', answers: ['three-second-hook-teaser'] },
  { q: 'vertical ads', kind: 'topical', first: 'ugc-selfie-testimonial', answers: ['ugc-selfie-testimonial'] },
  { q: 'countdown stories', kind: 'topical', first: 'countdown-story-sequence', answers: ['countdown-story-sequence'] },
  { q: 'retro 80s style', kind: 'topical', first: 'retro-vhs-launch', answers: ['retro-vhs-launch'] },
  { q: "80's launch video", kind: 'topical', first: 'retro-vhs-launch', answers: ['retro-vhs-launch'] },
  // a filter word a template has as a tag filters and ranks: that template first
  { q: 'vertical app promo', kind: 'topical', meets: vertical, first: 'swipe-through-app-promo', answers: ['swipe-through-app-promo'] },
  { q: 'vertical testimonial', kind: 'topical', meets: vertical, first: 'ugc-selfie-testimonial', answers: ['ugc-selfie-testimonial'] },
  { q: 'music festival', kind: 'topical', first: 'music-festival-hype-reel', answers: ['music-festival-hype-reel'] },
];
