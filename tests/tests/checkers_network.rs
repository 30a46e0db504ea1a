//! The fixed-point 32-5-3-1 network against an f64 reference, and the weights file
//! written by the host (f64 text) read back by the core parser.

use microply_core::games::checkers::network::{inputs, NetworkWeights, HEADER, PARAMETERS};
use microply_core::games::checkers::Checkers;
use microply_core::score::Value;
use microply_core::Notation;
use proptest::prelude::*;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The network in f64 over the flat parameter order (see `docs/checkers-network.md`).
fn reference(params: &[f64], x: &[i8; 32]) -> f64 {
    let mut p = params.iter().copied();
    let mut layer = |inputs: &[f64], units: usize| -> Vec<f64> {
        (0..units)
            .map(|_| {
                let sum: f64 = inputs.iter().map(|&i| i * p.next().unwrap()).sum();
                sigmoid(sum + p.next().unwrap())
            })
            .collect()
    };
    let input: Vec<f64> = x.iter().map(|&v| f64::from(v)).collect();
    let h1 = layer(&input, 5);
    let h2 = layer(&h1, 3);
    layer(&h2, 1)[0]
}

/// What the host writes: one f64 per parameter, in flat order.
fn weights_file(params: &[f64]) -> String {
    let mut text = format!("# written by the test\n{HEADER}\n");
    for chunk in params.chunks(11) {
        let line: Vec<String> = chunk.iter().map(|v| format!("{v:e}")).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    text
}

/// The core's fixed-point output (as f64) and the f64 reference for the same weights.
fn fixed_and_exact(params: &[f64], x: &[i8; 32]) -> (f64, f64) {
    let net = NetworkWeights::parse(&weights_file(params)).unwrap();
    let fixed = net.forward(x) as f64 / f64::from(1 << 24);
    (fixed, reference(params, x))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn fixed_point_tracks_f64(
        params in prop::collection::vec(-2.0f64..2.0, PARAMETERS),
        x in prop::array::uniform32(-2i8..=2),
    ) {
        let (fixed, exact) = fixed_and_exact(&params, &x);
        prop_assert!((fixed - exact).abs() < 1e-3, "fixed {} vs f64 {}", fixed, exact);
    }

    #[test]
    fn large_weights_stay_close(
        params in prop::collection::vec(-8.0f64..8.0, PARAMETERS),
        x in prop::array::uniform32(-2i8..=2),
    ) {
        let (fixed, exact) = fixed_and_exact(&params, &x);
        prop_assert!((fixed - exact).abs() < 1e-3, "fixed {} vs f64 {}", fixed, exact);
    }
}

#[test]
fn quantisation_rounds_to_nearest() {
    let mut params = vec![0.0; PARAMETERS];
    params[0] = 0.1;
    params[186] = -1.0 / 3.0;
    let net = NetworkWeights::parse(&weights_file(&params)).unwrap();
    assert_eq!(net.hidden1[0][0], Value::from_num(0.1));
    assert_eq!(net.bias_out, Value::from_num(-1.0 / 3.0));
}

#[test]
fn inputs_of_the_start_position() {
    let x = inputs(&Checkers::START);
    assert_eq!(&x[..12], &[1; 12]);
    assert_eq!(&x[12..20], &[0; 8]);
    assert_eq!(&x[20..], &[-1; 12]);
    let kings = Checkers::parse_fen("B:WK21:BK12").unwrap();
    assert_eq!((inputs(&kings)[11], inputs(&kings)[20]), (2, -2));
}
