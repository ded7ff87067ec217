//! Images painted from skin data: shaded and flat stones, wood grain. Painted once per
//! choice when a game starts, so the catalogue stays a few lines of data.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// Stone images are this many pixels square; the disc fills `STONE_RADIUS` of the side,
/// leaving room for its shadow.
pub const STONE_PX: u32 = 128;
const STONE_RADIUS: f32 = 0.45;

fn rgba(c: Color) -> Vec4 {
    let s = c.to_srgba();
    Vec4::new(s.red, s.green, s.blue, s.alpha)
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn to_image(side: u32, pixels: Vec<[f32; 4]>) -> Image {
    let data = pixels
        .into_iter()
        .flat_map(|p| p.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8))
        .collect();
    Image::new(
        Extent3d {
            width: side,
            height: side,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD | RenderAssetUsages::MAIN_WORLD,
    )
}

/// Paints one stone. `shade` 0 gives a flat disc with an `outline` ring; 1 a stone lit from
/// the upper left with a soft shadow below right.
pub fn stone(base: Color, outline: Option<Color>, shade: f32) -> Image {
    let n = STONE_PX;
    let base = rgba(base);
    let light = base.lerp(Vec4::ONE, 0.65).with_w(base.w);
    let dark = base.lerp(Vec4::new(0.0, 0.0, 0.0, 1.0), 0.5).with_w(base.w);
    let outline = outline.map(rgba);
    let aa = 1.5 / n as f32;
    let mut pixels = Vec::with_capacity((n * n) as usize);
    for y in 0..n {
        for x in 0..n {
            // Centred coordinates, y up, in units of the image side.
            let u = (x as f32 + 0.5) / n as f32 - 0.5;
            let v = 0.5 - (y as f32 + 0.5) / n as f32;
            let r = (u * u + v * v).sqrt();
            let coverage = 1.0 - smoothstep(STONE_RADIUS - aa, STONE_RADIUS + aa, r);
            // A soft contact shadow, offset down and right.
            let (su, sv) = (u - 0.03, v + 0.035);
            let sr = (su * su + sv * sv).sqrt();
            let shadow =
                shade * 0.45 * (1.0 - smoothstep(STONE_RADIUS - 0.04, STONE_RADIUS + 0.03, sr));
            let mut color = base;
            if shade > 0.0 {
                let (lu, lv) = (u + 0.16, v - 0.16);
                let t = (lu * lu + lv * lv).sqrt() / (STONE_RADIUS * 1.6);
                let lit = light.lerp(base, smoothstep(0.0, 0.55, t));
                color = lit.lerp(dark, smoothstep(0.45, 1.05, t) * shade);
                color = base.lerp(color, shade);
            }
            if let Some(ring) = outline {
                let edge = smoothstep(STONE_RADIUS - 0.05 - aa, STONE_RADIUS - 0.05 + aa, r);
                color = color.lerp(ring.with_w(1.0), edge * ring.w);
            }
            let alpha = coverage * color.w + (1.0 - coverage) * shadow;
            let rgb = if alpha > 0.0 {
                color.truncate() * (coverage * color.w / alpha)
            } else {
                Vec3::ZERO
            };
            pixels.push([rgb.x, rgb.y, rgb.z, alpha]);
        }
    }
    to_image(n, pixels)
}

/// Integer hash to [0, 1).
fn hash(i: i32, j: i32) -> f32 {
    let mut h = (i as u32).wrapping_mul(0x8da6_b343) ^ (j as u32).wrapping_mul(0xd816_3841);
    h = (h ^ (h >> 13)).wrapping_mul(0x85eb_ca6b);
    h ^= h >> 16;
    (h & 0xffff) as f32 / 65536.0
}

fn value_noise(x: f32, y: f32) -> f32 {
    let (i, j) = (x.floor() as i32, y.floor() as i32);
    let (fx, fy) = (x - x.floor(), y - y.floor());
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let top = hash(i, j) * (1.0 - sx) + hash(i + 1, j) * sx;
    let bottom = hash(i, j + 1) * (1.0 - sx) + hash(i + 1, j + 1) * sx;
    top * (1.0 - sy) + bottom * sy
}

fn fbm(x: f32, y: f32) -> f32 {
    (0..4)
        .map(|o| value_noise(x * (1 << o) as f32, y * (1 << o) as f32) / (2 << o) as f32)
        .sum()
}

/// Paints straight-grained wood (like a kaya board): fine dark grain lines, gently warped,
/// over broad bands of lighter and darker wood, with fibres along the grain.
pub fn wood(light: Color, dark: Color, side: u32) -> Image {
    use std::f32::consts::TAU;
    let (light, dark) = (rgba(light), rgba(dark));
    let mut pixels = Vec::with_capacity((side * side) as usize);
    for y in 0..side {
        for x in 0..side {
            let (u, v) = (x as f32 / side as f32, y as f32 / side as f32);
            let warp = fbm(u * 2.0, v * 5.0) * 0.8 + fbm(u * 0.6 + 9.0, v * 1.5) * 0.4;
            let fine = 0.5 + 0.5 * ((v + warp * 0.04) * TAU * 38.0).sin();
            let lines = fine.powi(6);
            let bands = 0.5 + 0.5 * ((v + warp * 0.12) * TAU * 5.0).sin();
            let broad = fbm(u * 1.5 + 3.0, v * 3.0);
            let fibre = (value_noise(u * 6.0, v * 420.0) - 0.5) * 0.10;
            let t = 0.42 * lines + 0.22 * bands + 0.36 * broad + fibre;
            let c = light.lerp(dark, t.clamp(0.0, 1.0));
            pixels.push([c.x, c.y, c.z, 1.0]);
        }
    }
    to_image(side, pixels)
}

/// A one-pixel image of a colour, for plain backgrounds.
pub fn plain(color: Color) -> Image {
    let c = rgba(color);
    to_image(1, vec![[c.x, c.y, c.z, c.w]])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pixel(img: &Image, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * img.width() + x) * 4) as usize;
        let d = img.data.as_ref().unwrap();
        [d[i], d[i + 1], d[i + 2], d[i + 3]]
    }

    #[test]
    fn stones_are_opaque_inside_and_clear_at_the_corners() {
        let img = stone(Color::BLACK, None, 1.0);
        assert_eq!(pixel(&img, STONE_PX / 2, STONE_PX / 2)[3], 255);
        assert_eq!(pixel(&img, 0, 0)[3], 0);
        // The highlight is upper-left: brighter there than lower-right.
        let ul = pixel(&img, STONE_PX * 3 / 8, STONE_PX * 3 / 8)[0];
        let lr = pixel(&img, STONE_PX * 5 / 8, STONE_PX * 5 / 8)[0];
        assert!(ul > lr, "{ul} <= {lr}");
    }

    #[test]
    fn wood_varies_between_its_colours() {
        let img = wood(Color::WHITE, Color::BLACK, 64);
        let values: Vec<u8> = (0..64).map(|y| pixel(&img, 10, y)[0]).collect();
        let (min, max) = (values.iter().min().unwrap(), values.iter().max().unwrap());
        assert!(max - min > 60, "grain too faint: {min}..{max}");
    }
}
