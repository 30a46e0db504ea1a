//! The residual network's evaluation of a position (`raw`, which adds the first
//! layer's rows as it finds the bits) against the same network fed the position's
//! input list (`output(inputs(pos))`), on random games: the shipped network, and
//! networks of random weights large enough that the first layer's sums saturate,
//! where the order of the additions decides the result.

use microply_core::games::checkers::residual::{inputs, Residual, FILE_LEN, MAGIC, SHIPPED};
use microply_core::games::checkers::{Checkers, Config, Move};
use microply_core::rng::{below, SplitMix64};
use microply_core::{Game, Notation};
use proptest::prelude::*;

/// A network of weights drawn uniformly from all `i16` values.
fn random_network(rng: &mut SplitMix64) -> Residual {
    let mut bytes = vec![0u8; FILE_LEN];
    bytes[..8].copy_from_slice(MAGIC);
    for c in bytes[8..].chunks_exact_mut(2) {
        c.copy_from_slice(&(below(rng, 1 << 16) as u16).to_le_bytes());
    }
    Residual::parse(&bytes).unwrap()
}

fn both_ways(net: &Residual, pos: &Checkers) -> (i32, i32) {
    let (active, n) = inputs(pos);
    (net.raw(pos), net.output(&active[..n]))
}

proptest! {
    #[test]
    fn raw_is_output_of_inputs(seed in any::<u64>(), plies in 0usize..120) {
        let mut rng = SplitMix64::new(seed);
        let random = random_network(&mut rng);
        let mut pos = Checkers::start(&Config::default());
        let mut buf = vec![Move::default(); Checkers::MOVE_CAPACITY];
        for _ in 0..plies {
            for net in [&SHIPPED, &random] {
                let (raw, listed) = both_ways(net, &pos);
                prop_assert_eq!(raw, listed, "{}", pos.display_fen());
            }
            let n = pos.generate(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            pos = pos.after(buf[below(&mut rng, n as u64) as usize]);
        }
    }
}

#[test]
fn saturation_follows_the_inputs_order() {
    // Unit 0 gets +32767 from input 0 (an own man on 1), −32768 from input 1 (on 2),
    // +32767 from input 2 (on 3). In the inputs' order the sum runs 32767, −1, 32766:
    // the unit is on (1.0), worth one man (128) at the output. Added as 0, 2, 1 it
    // would saturate at 32767 and end at −1: off.
    let mut bytes = vec![0u8; FILE_LEN];
    bytes[..8].copy_from_slice(MAGIC);
    let hidden1 = microply_core::games::checkers::residual::HIDDEN1;
    let set = |bytes: &mut Vec<u8>, i: usize, v: i16| {
        bytes[8 + 2 * i..10 + 2 * i].copy_from_slice(&v.to_le_bytes());
    };
    set(&mut bytes, 0, i16::MAX);
    set(&mut bytes, hidden1, i16::MIN);
    set(&mut bytes, 2 * hidden1, i16::MAX);
    let w2 = 128 * hidden1 + hidden1;
    set(&mut bytes, w2, 1024);
    let w3 = w2 + 16 * hidden1 + 16;
    set(&mut bytes, w3, 1024);
    let net = Residual::parse(&bytes).unwrap();
    let pos = Checkers::parse_fen("B:W30:B1,2,3").unwrap();
    assert_eq!(net.raw(&pos), 128);
    assert_eq!(both_ways(&net, &pos), (128, 128));
    // Men on 1 and 2 only: −1, the unit is off.
    let pos = Checkers::parse_fen("B:W30:B1,2").unwrap();
    assert_eq!(net.raw(&pos), 0);
}
