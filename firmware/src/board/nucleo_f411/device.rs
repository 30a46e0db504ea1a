//! The standalone device on the Nucleo-F411RE: an ST7789 240×240 SPI display
//! through `mipidsi`, and six push buttons to ground with the internal pull-ups,
//! debounced in software. Wiring (Arduino header names in brackets):
//!
//! | signal | pin | | button | pin |
//! |---|---|---|---|---|
//! | SCK | PA5 [D13] | | up | PA10 [D2] |
//! | MOSI (SDA) | PA7 [D11] | | down | PB3 [D3] |
//! | CS | PB6 [D10] | | left | PB5 [D4] |
//! | DC | PA9 [D8] | | right | PB4 [D5] |
//! | RST | PC7 [D9] | | select | PB10 [D6] |
//! | BL, VCC | 3V3 | | back | PA8 [D7] |
//!
//! (PA6 [D12] is taken as SPI1's MISO, which the display does not use.)

use embedded_hal_bus::spi::{ExclusiveDevice, NoDelay};
use microply_ui::draw::draw;
use microply_ui::{Button, Ui};
use mipidsi::interface::SpiInterface;
use mipidsi::models::ST7789;
use mipidsi::options::ColorInversion;
use mipidsi::{Builder, Display};
use stm32f4xx_hal::gpio::{AnyPin, Input, Output, PA9, PB6, PC7};
use stm32f4xx_hal::pac;
use stm32f4xx_hal::prelude::*;
use stm32f4xx_hal::rcc::Config;
use stm32f4xx_hal::spi::{Mode, Phase, Polarity, Spi};

use super::{fail, CLOCK_HZ};
use crate::clock::TickClock;
use crate::device::{Key, Keys, Screen};

/// SPI1's clock: the ST7789 accepts up to 62.5 MHz writes; 25 MHz is safe on jumper
/// wires.
const SPI_HZ: u32 = 25_000_000;

/// A press counts once its pin has read the same for this long.
const DEBOUNCE_MS: u64 = 20;

type Lcd = Display<
    SpiInterface<'static, ExclusiveDevice<Spi<pac::SPI1>, PB6<Output>, NoDelay>, PA9<Output>>,
    ST7789,
    PC7<Output>,
>;

/// The ST7789 display.
pub struct LcdScreen {
    lcd: Lcd,
}

impl Screen for LcdScreen {
    fn show(&mut self, ui: &Ui) {
        // A failed SPI write leaves a wrong frame; the next frame draws everything again.
        let _ = draw(ui, &mut self.lcd);
    }
}

/// One button: its pin (low when pressed) and the debouncing state.
struct Debounced {
    pin: AnyPin<Input>,
    button: Button,
    /// The reading the button settled on.
    stable: bool,
    /// The last raw reading and when it changed, in milliseconds.
    raw: bool,
    since_ms: u64,
}

/// The six buttons.
pub struct GpioKeys {
    buttons: [Debounced; 6],
}

impl Keys for GpioKeys {
    fn poll(&mut self, now: u64) -> Option<Key> {
        for b in &mut self.buttons {
            let raw = b.pin.is_low();
            if raw != b.raw {
                b.raw = raw;
                b.since_ms = now;
            } else if raw != b.stable && now.saturating_sub(b.since_ms) >= DEBOUNCE_MS {
                b.stable = raw;
                if raw {
                    return Some(Key::Press(b.button));
                }
            }
        }
        None
    }
}

fn key(pin: AnyPin<Input>, button: Button) -> Debounced {
    Debounced {
        pin,
        button,
        stable: false,
        raw: false,
        since_ms: 0,
    }
}

/// Brings the board up for the device: clocks, the stack guard, the display, the
/// buttons and SysTick (the protocol's USART2 is not used).
pub fn init_device() -> (LcdScreen, GpioKeys, TickClock) {
    let (Some(device), Some(mut core)) = (pac::Peripherals::take(), cortex_m::Peripherals::take())
    else {
        fail(format_args!("init ran twice"))
    };
    crate::guard::install(&mut core.MPU);
    let mut rcc = device.RCC.freeze(Config::hsi().sysclk(CLOCK_HZ.Hz()));
    let gpioa = device.GPIOA.split(&mut rcc);
    let gpiob = device.GPIOB.split(&mut rcc);
    let gpioc = device.GPIOC.split(&mut rcc);
    // The ST7789 modules without a chip-select pin need SPI mode 3; mode 3 works with
    // the ones that have it too.
    let mode = Mode {
        polarity: Polarity::IdleHigh,
        phase: Phase::CaptureOnSecondTransition,
    };
    let spi = device.SPI1.spi(
        (Some(gpioa.pa5), Some(gpioa.pa6), Some(gpioa.pa7)),
        mode,
        SPI_HZ.Hz(),
        &mut rcc,
    );
    let cs = gpiob.pb6.into_push_pull_output();
    let spi = ExclusiveDevice::new_no_delay(spi, cs)
        .unwrap_or_else(|_| fail(format_args!("the display's chip select failed")));
    let buffer = cortex_m::singleton!(: [u8; 512] = [0; 512])
        .unwrap_or_else(|| fail(format_args!("the display buffer was taken twice")));
    let interface = SpiInterface::new(spi, gpioa.pa9.into_push_pull_output(), buffer);
    let mut delay = device.TIM2.delay_us(&mut rcc);
    let lcd = Builder::new(ST7789, interface)
        .display_size(240, 240)
        .invert_colors(ColorInversion::Inverted)
        .reset_pin(gpioc.pc7.into_push_pull_output())
        .init(&mut delay)
        .unwrap_or_else(|_| fail(format_args!("the ST7789 did not initialise")));
    let keys = GpioKeys {
        buttons: [
            key(gpioa.pa10.into_pull_up_input().erase(), Button::Up),
            key(gpiob.pb3.into_pull_up_input().erase(), Button::Down),
            key(gpiob.pb5.into_pull_up_input().erase(), Button::Left),
            key(gpiob.pb4.into_pull_up_input().erase(), Button::Right),
            key(gpiob.pb10.into_pull_up_input().erase(), Button::Select),
            key(gpioa.pa8.into_pull_up_input().erase(), Button::Back),
        ],
    };
    (
        LcdScreen { lcd },
        keys,
        TickClock::start(core.SYST, CLOCK_HZ),
    )
}
