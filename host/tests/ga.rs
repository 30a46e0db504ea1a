//! The GA library end to end on synthetic objectives: both optimisers find the optimum
//! of a sphere, runs are functions of the seed, a checkpoint continues exactly, and
//! every game's evaluator weights round-trip through the encoding.

use microply_core::games::amazons::{PaperWeights, TerritoryWeights};
use microply_core::games::checkers::{NetworkWeights, Weights as CheckersWeights};
use microply_core::games::dots::Weights as DotsWeights;
use microply_host::ga::weights::{exact_encoding, to_array, to_f64};
use microply_host::ga::{
    run, AcoConfig, AcoR, EachWith, Encoding, Ga, GaConfig, Generation, Population, Range,
};

const DIMENSIONS: usize = 10;
const CENTRE: f64 = 1.3;

/// −Σ (wᵢ − 1.3)²: maximum 0 at wᵢ = 1.3 (not on a power-of-two grid point).
fn sphere(w: &[f64]) -> f64 {
    -w.iter().map(|x| (x - CENTRE) * (x - CENTRE)).sum::<f64>()
}

fn ranges() -> Vec<Range> {
    vec![Range::new(-5.0, 5.0); DIMENSIONS]
}

fn ga(seed: u64) -> Ga {
    let encoding = Encoding::new(ranges(), 10).unwrap();
    let config = GaConfig {
        population: 40,
        ..GaConfig::default()
    };
    Ga::new(config, encoding, seed).unwrap()
}

fn ga_run(seed: u64, generations: usize) -> (Ga, Population) {
    let mut ga = ga(seed);
    let population = run(&mut ga, &[], generations, &mut EachWith(sphere)).unwrap();
    (ga, population)
}

#[test]
fn ga_finds_the_sphere_optimum() {
    // A random point scores about −10·(25/3 + 1.69) ≈ −100 on average.
    // The nearest grid point (step 10/1023) scores about −0.0002.
    let (ga, population) = ga_run(11, 400);
    let (best, objective) = ga.best(&population).unwrap();
    assert!(objective > -0.1, "best {objective} at {best:?}");
    assert!(best.iter().all(|w| (w - CENTRE).abs() < 0.3), "{best:?}");
}

#[test]
fn aco_r_finds_the_sphere_optimum() {
    let mut aco = AcoR::new(AcoConfig::default(), ranges(), 11).unwrap();
    let archive = run(&mut aco, &[], 300, &mut EachWith(sphere)).unwrap();
    let (best, objective) = aco.best(&archive).unwrap();
    assert!(objective > -0.01, "best {objective} at {best:?}");
}

#[test]
fn same_seed_same_run_and_another_seed_another_run() {
    let (_, a) = ga_run(5, 20);
    let (_, b) = ga_run(5, 20);
    let (_, c) = ga_run(6, 20);
    assert_eq!(a, b);
    assert_ne!(a, c);
    let aco = |seed| {
        let mut aco = AcoR::new(AcoConfig::default(), ranges(), seed).unwrap();
        run(&mut aco, &[], 20, &mut EachWith(sphere)).unwrap()
    };
    assert_eq!(aco(5), aco(5));
    assert_ne!(aco(5), aco(6));
}

#[test]
fn with_an_elite_the_best_objective_never_falls() {
    let mut ga = ga(8);
    let mut evaluator = EachWith(sphere);
    let mut population = ga.initial(&[], &mut evaluator).unwrap();
    let mut best = population.best().unwrap().objective;
    for _ in 0..50 {
        population = ga.step(&population, &mut evaluator).unwrap();
        let now = population.best().unwrap().objective;
        assert!(
            now >= best,
            "{now} < {best} in generation {}",
            population.generation
        );
        best = now;
    }
}

#[test]
fn a_checkpoint_continues_exactly() {
    let (ga_mid, mid) = ga_run(21, 10);
    let saved = serde_json::to_string(&(&ga_mid, &mid)).unwrap();
    let (mut resumed, mut population): (Ga, Population) = serde_json::from_str(&saved).unwrap();
    for _ in 0..10 {
        population = resumed.step(&population, &mut EachWith(sphere)).unwrap();
    }
    let (_, uninterrupted) = ga_run(21, 20);
    assert_eq!(population, uninterrupted);
    assert_eq!(population.generation, 20);
}

#[test]
fn every_part_switched_off_still_runs_and_differs() {
    let config = GaConfig {
        population: 20,
        improved_fitness: false,
        adaptive_rates: false,
        heuristic: false,
        elite: 0,
        ..GaConfig::default()
    };
    let encoding = Encoding::new(ranges(), 10).unwrap();
    let mut plain = Ga::new(config.clone(), encoding.clone(), 3).unwrap();
    let mut full = Ga::new(
        GaConfig {
            population: 20,
            ..GaConfig::default()
        },
        encoding,
        3,
    )
    .unwrap();
    let a = run(&mut plain, &[], 5, &mut EachWith(sphere)).unwrap();
    let b = run(&mut full, &[], 5, &mut EachWith(sphere)).unwrap();
    assert_eq!(a.individuals.len(), 20);
    assert_ne!(a, b);
}

#[test]
fn seeds_start_the_population_and_bad_seeds_are_errors() {
    let mut ga = ga(1);
    let seed = vec![CENTRE; DIMENSIONS];
    let population = ga.initial(&[seed], &mut EachWith(sphere)).unwrap();
    let first = ga.encoding().decode(&population.individuals[0].chromosome);
    assert!(first
        .iter()
        .all(|w| (w - CENTRE).abs() <= ga.encoding().step(0) / 2.0));
    assert!(ga
        .initial(&[vec![9.0; DIMENSIONS]], &mut EachWith(sphere))
        .is_err());
    assert!(ga.initial(&[vec![0.0; 3]], &mut EachWith(sphere)).is_err());
}

/// Encodes `weights` on ranges whose step is on the fixed-point grid and decodes them.
fn through_genes(weights: &[f64], range: Range) -> Vec<f64> {
    let encoding = Encoding::uniform(weights.len(), range, 10).unwrap();
    encoding.decode(&encoding.encode(weights).unwrap())
}

#[test]
fn dots_weights_round_trip_through_the_encoding() {
    // [−256, 255.5] at 10 bits: step ½, the grid of the hand-set weights.
    let w = DotsWeights::DEFAULT;
    let back = through_genes(&to_f64(&w.to_array()), Range::new(-256.0, 255.5));
    assert_eq!(DotsWeights::from_array(to_array(&back).unwrap()), w);
}

/// Encodes `weights` losslessly (every fixed-point value in ±2ᵐ a gene) and decodes them.
fn through_exact_genes(weights: &[f64], magnitude_log2: u32) -> Vec<f64> {
    let encoding = exact_encoding(weights.len(), magnitude_log2).unwrap();
    encoding.decode(&encoding.encode(weights).unwrap())
}

#[test]
fn checkers_weights_round_trip_through_the_encoding() {
    // The network's defaults (0.25, 4, −2, 0) lie on the 10-bit grid of [−128, 127.75]
    // (step ¼); the hand evaluator's 0.1, 0.05, 0.02 need the exact encoding.
    let net = NetworkWeights::DEFAULT;
    let back = through_genes(&to_f64(&net.to_array()), Range::new(-128.0, 127.75));
    assert_eq!(NetworkWeights::from_array(&to_array(&back).unwrap()), net);
    let back = through_exact_genes(&to_f64(&net.to_array()), 3);
    assert_eq!(NetworkWeights::from_array(&to_array(&back).unwrap()), net);
    let w = CheckersWeights::DEFAULT;
    let back = through_exact_genes(&to_f64(&w.to_array()), 1);
    assert_eq!(CheckersWeights::from_array(to_array(&back).unwrap()), w);
}

#[test]
fn amazons_weights_round_trip_through_the_encoding() {
    let w = PaperWeights::DEFAULT;
    let back = through_genes(&to_f64(&w.to_array()), Range::new(-256.0, 255.5));
    assert_eq!(PaperWeights::from_array(to_array(&back).unwrap()), w);
    let t = TerritoryWeights::DEFAULT;
    let back = through_exact_genes(&to_f64(&t.to_array()), 2);
    assert_eq!(TerritoryWeights::from_array(to_array(&back).unwrap()), t);
}

#[test]
fn aco_r_rejects_bad_seeds_before_scoring_and_resumes_exactly() {
    let mut aco = AcoR::new(AcoConfig::default(), ranges(), 2).unwrap();
    let mut calls = 0;
    {
        let mut counting = EachWith(|w: &[f64]| {
            calls += 1;
            sphere(w)
        });
        assert!(aco
            .initial(&[vec![9.0; DIMENSIONS]], &mut counting)
            .is_err());
    }
    assert_eq!(calls, 0);
    let mid = run(&mut aco, &[], 5, &mut EachWith(sphere)).unwrap();
    let saved = serde_json::to_string(&(&aco, &mid)).unwrap();
    let (mut resumed, mut archive): (AcoR, microply_host::ga::Archive) =
        serde_json::from_str(&saved).unwrap();
    let mut original = aco.clone();
    let mut expected = mid.clone();
    for _ in 0..5 {
        archive = resumed.step(&archive, &mut EachWith(sphere)).unwrap();
        expected = original.step(&expected, &mut EachWith(sphere)).unwrap();
    }
    assert_eq!(archive, expected);
}
