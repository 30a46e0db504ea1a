//! Solving and inverting the small symmetric positive-definite systems of the
//! maximum-likelihood fit (Newton steps and the covariance of the ratings).

/// A square matrix, row-major.
pub(crate) type Matrix = Vec<Vec<f64>>;

/// The lower-triangular L with L·Lᵀ = `a`, or None when `a` is not positive definite.
pub(crate) fn factor(a: &Matrix) -> Option<Matrix> {
    let n = a.len();
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let dot: f64 = (0..j).map(|k| l[i][k] * l[j][k]).sum();
            if i == j {
                let d = a[i][i] - dot;
                if d <= 0.0 || !d.is_finite() {
                    return None;
                }
                l[i][i] = d.sqrt();
            } else {
                l[i][j] = (a[i][j] - dot) / l[j][j];
            }
        }
    }
    Some(l)
}

/// x with L·Lᵀ·x = b.
pub(crate) fn solve(l: &Matrix, b: &[f64]) -> Vec<f64> {
    let n = l.len();
    let mut y = vec![0.0; n];
    for i in 0..n {
        let dot: f64 = (0..i).map(|k| l[i][k] * y[k]).sum();
        y[i] = (b[i] - dot) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let dot: f64 = (i + 1..n).map(|k| l[k][i] * x[k]).sum();
        x[i] = (y[i] - dot) / l[i][i];
    }
    x
}

/// (L·Lᵀ)⁻¹, one column at a time.
pub(crate) fn inverse(l: &Matrix) -> Matrix {
    let n = l.len();
    let mut inv = vec![vec![0.0; n]; n];
    for j in 0..n {
        let mut e = vec![0.0; n];
        e[j] = 1.0;
        for (i, v) in solve(l, &e).into_iter().enumerate() {
            inv[i][j] = v;
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_and_inverts_a_hand_example() {
        // [[4, 2], [2, 3]]: det 8, inverse [[3, −2], [−2, 4]]/8; x for b = (2, 1) is (0.5, 0).
        let a = vec![vec![4.0, 2.0], vec![2.0, 3.0]];
        let l = factor(&a).expect("positive definite");
        assert_eq!(solve(&l, &[2.0, 1.0]), vec![0.5, 0.0]);
        let inv = inverse(&l);
        let want = [[0.375, -0.25], [-0.25, 0.5]];
        for i in 0..2 {
            for j in 0..2 {
                assert!((inv[i][j] - want[i][j]).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn refuses_a_singular_matrix() {
        assert!(factor(&vec![vec![1.0, 1.0], vec![1.0, 1.0]]).is_none());
    }
}
