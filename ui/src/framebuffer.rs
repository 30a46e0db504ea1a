//! The screen's pixels in memory the caller provides: the one `DrawTarget` that the
//! emulated firmware (its framebuffer in PSRAM), the host's renderer (a PNG) and the
//! tests draw the [`Ui`](crate::Ui) onto, so every one of them turns the same
//! drawing into the same pixels.

use embedded_graphics::pixelcolor::raw::RawU16;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::{DrawTarget, OriginDimensions, Pixel, RawData, Size};

use crate::draw::SIDE;

/// The screen's pixels: [`SIDE`] × [`SIDE`].
pub const PIXELS: usize = (SIDE * SIDE) as usize;

/// A [`SIDE`] × [`SIDE`] RGB565 screen over a caller's buffer, row by row; pixels
/// drawn outside it are counted, not stored.
///
/// ```
/// use embedded_graphics::pixelcolor::Rgb565;
/// use embedded_graphics::prelude::{DrawTarget, Pixel, Point, RgbColor};
/// use microply_ui::framebuffer::{Framebuffer, PIXELS};
/// use microply_ui::draw::SIDE;
///
/// let mut pixels = vec![0; PIXELS];
/// let mut screen = Framebuffer::new(pixels.as_mut_slice().try_into().unwrap());
/// let Ok(()) = screen.draw_iter([
///     Pixel(Point::new(1, 2), Rgb565::WHITE),
///     Pixel(Point::new(-1, 0), Rgb565::WHITE),
/// ]);
/// assert_eq!(screen.clipped(), 1);
/// assert_eq!(screen.pixels()[2 * SIDE as usize + 1], 0xFFFF);
/// ```
#[derive(Debug)]
pub struct Framebuffer<'a> {
    pixels: &'a mut [u16; PIXELS],
    clipped: usize,
}

impl<'a> Framebuffer<'a> {
    /// The screen over `pixels`, as they are.
    pub fn new(pixels: &'a mut [u16; PIXELS]) -> Self {
        Framebuffer { pixels, clipped: 0 }
    }

    /// The pixels, RGB565 row by row.
    #[must_use]
    pub fn pixels(&self) -> &[u16; PIXELS] {
        self.pixels
    }

    /// How many pixels were drawn outside the screen so far (saturating).
    #[must_use]
    pub fn clipped(&self) -> usize {
        self.clipped
    }

    fn index(p: embedded_graphics::prelude::Point) -> Option<usize> {
        let x = u32::try_from(p.x).ok().filter(|&x| x < SIDE)?;
        let y = u32::try_from(p.y).ok().filter(|&y| y < SIDE)?;
        Some((y * SIDE + x) as usize)
    }
}

impl OriginDimensions for Framebuffer<'_> {
    fn size(&self) -> Size {
        Size::new(SIDE, SIDE)
    }
}

impl DrawTarget for Framebuffer<'_> {
    type Color = Rgb565;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb565>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, color) in pixels {
            match Self::index(p).and_then(|i| self.pixels.get_mut(i)) {
                Some(slot) => *slot = RawU16::from(color).into_inner(),
                None => self.clipped = self.clipped.saturating_add(1),
            }
        }
        Ok(())
    }
}
